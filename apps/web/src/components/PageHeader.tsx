import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** Title row of a screen. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Flex align={{ base: 'flex-start', md: 'center' }} justify="space-between" gap="4" mb="6" direction={{ base: 'column', md: 'row' }}>
      <Box>
        <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="tight">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" mt="1">
            {description}
          </Text>
        )}
      </Box>
      {actions}
    </Flex>
  );
}
