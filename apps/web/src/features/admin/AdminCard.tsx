import { Card, Flex, Heading, Icon, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Panel } from '../../components/Panel';

interface AdminCardProps {
  title: string;
  description?: string;
  icon: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled card of the admin e-mail page. */
export function AdminCard({ title, description, icon, actions, children, testId }: AdminCardProps) {
  return (
    <Panel data-testid={testId}>
      <Card.Header pb="2">
        <Flex align="flex-start" justify="space-between" gap="3">
          <Flex gap="3" align="flex-start">
            <Icon color="brand.fg" boxSize="5" mt="0.5">
              {icon}
            </Icon>
            <div>
              <Heading as="h2" size="md">
                {title}
              </Heading>
              {description && (
                <Text textStyle="sm" color="fg.muted">
                  {description}
                </Text>
              )}
            </div>
          </Flex>
          {actions}
        </Flex>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Panel>
  );
}
