import { Card, Center, Heading, Icon, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Panel } from './Panel';

interface PanelNoticeProps {
  /** The page's h1 and the document's title. */
  title: string;
  icon: ReactNode;
  /** The round badge behind the icon: its background and the icon's colour (tokens). */
  iconBg: string;
  iconColor: string;
  /** What follows the title: the explanation, a way back. */
  children: ReactNode;
  testId?: string;
}

/** A screen that stands in for a page: a panel with a centred round icon, the page's title and what follows. */
export function PanelNotice({ title, icon, iconBg, iconColor, children, testId }: PanelNoticeProps) {
  useDocumentTitle(title);
  return (
    <Panel data-testid={testId}>
      <Card.Body>
        <Center py="16">
          <Stack align="center" gap="3" textAlign="center">
            <RoundIcon bg={iconBg} color={iconColor}>
              {icon}
            </RoundIcon>
            <Heading as="h1" size="lg">
              {title}
            </Heading>
            {children}
          </Stack>
        </Center>
      </Card.Body>
    </Panel>
  );
}

/** An icon in a filled circle, as the notices show it. */
export function RoundIcon({ bg, color, children }: { bg: string; color: string; children: ReactNode }) {
  return (
    <Center boxSize="12" rounded="full" bg={bg} color={color}>
      <Icon boxSize="6">{children}</Icon>
    </Center>
  );
}
