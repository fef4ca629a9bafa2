import { Center, HStack, Text } from '@chakra-ui/react';
import { Workflow } from 'lucide-react';

/** The WKFlow logo: a blue tile and the wordmark. */
export function BrandMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const lg = size === 'lg';
  return (
    <HStack gap="2">
      <Center boxSize={lg ? '10' : '8'} rounded="lg" bg="brand.solid" color="brand.contrast" shadow="sm">
        <Workflow size={lg ? 22 : 18} strokeWidth={2.25} />
      </Center>
      <Text as="span" fontWeight="bold" fontSize={lg ? '2xl' : 'lg'} letterSpacing="tight" color="fg">
        WKFlow
      </Text>
    </HStack>
  );
}
