import { Button, Text } from '@chakra-ui/react';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { PanelNotice } from './PanelNotice';

interface NotFoundProps {
  /** e.g. 'Cliente não encontrado': the page's h1 and the document's title. */
  title: string;
  message: string;
  /** The list to go back to, and its button's label. */
  backTo: string;
  backLabel: string;
  testId: string;
}

/** A record's page whose record does not exist (a 404 or an id that is not one): a panel with a way back. */
export function NotFound({ title, message, backTo, backLabel, testId }: NotFoundProps) {
  return (
    <PanelNotice title={title} icon={<SearchX />} iconBg="bg.muted" iconColor="fg.muted" testId={testId}>
      <Text color="fg.muted">{message}</Text>
      <Button asChild colorPalette="brand" variant="outline" mt="2">
        <RouterLink to={backTo}>
          <ArrowLeft /> {backLabel}
        </RouterLink>
      </Button>
    </PanelNotice>
  );
}
