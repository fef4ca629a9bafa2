import { Box, Card, Center, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BrandMark } from '../../components/BrandMark';
import { Panel } from '../../components/Panel';

/** The logged-out screens' frame (as on /login): the brand over one card with a title. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Center as="main" minH="100dvh" px="4" py="10" bgGradient="to-br" gradientFrom="brand.50" gradientTo="bg.subtle">
      <Box w="full" maxW="md">
        <Flex justify="center" mb="6">
          <BrandMark size="lg" />
        </Flex>
        <Panel shadow="md" rounded="xl" data-testid="auth-card">
          <Card.Header gap="1" pb="2">
            <Heading as="h1" size="xl" fontWeight="semibold">
              {title}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              {description}
            </Text>
          </Card.Header>
          <Card.Body>{children}</Card.Body>
          {footer && (
            <Card.Footer justifyContent="center" pt="0">
              {footer}
            </Card.Footer>
          )}
        </Panel>
      </Box>
    </Center>
  );
}
