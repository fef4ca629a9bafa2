import { Grid, Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/PageHeader';
import { AuditLogCard } from './AuditLogCard';
import { EmailQueueMonitor } from './EmailQueueMonitor';
import { EmailStatusCard } from './EmailStatusCard';
import { NotificationTestsCard, TestEmailCard } from './EmailTestCards';

/** /admin/settings (extended.md §2.12): role admin or access profile 1, like the API (the route's gate). */
export default function AdminSettingsPage() {
  return (
    <>
      <PageHeader title="Configurações de E-mail" description="Status do serviço, e-mails de teste e fila de envio." />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6" alignItems="start">
        <TestEmailCard />
        <Stack gap="6">
          <EmailStatusCard />
          <NotificationTestsCard />
        </Stack>
      </Grid>
      <Stack mt="6" gap="6">
        <EmailQueueMonitor />
        <AuditLogCard />
      </Stack>
    </>
  );
}
