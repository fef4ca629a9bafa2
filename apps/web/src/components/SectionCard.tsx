import { Card, HStack, Heading, Icon } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Panel } from './Panel';

/** A panel headed by a small muted icon and an h2 title, its content in the body (a form, a list of tips). */
export function SectionCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Panel>
      <Card.Header pb="0">
        <HStack gap="2">
          <Icon boxSize="4" color="fg.muted">
            {icon}
          </Icon>
          <Heading as="h2" size="md">
            {title}
          </Heading>
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Panel>
  );
}
