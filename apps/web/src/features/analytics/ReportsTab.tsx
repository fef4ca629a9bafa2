import { Badge, Button, Card, Dialog, Field, Flex, Heading, Input, NativeSelect, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { REPORT_STATUS_LABELS, REPORT_TYPE_LABELS, REPORT_TYPES, type Report, type ReportStatus } from '@wkflow/contracts';
import { Download, FilePlus2, Info } from 'lucide-react';
import { useState } from 'react';
import { DialogFrame } from '../../components/DialogFrame';
import { FormDialogFooter } from '../../components/FormDialog';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { createReport, reportDownloadUrl, useReports } from './analytics.api';
import { reportProblem, type ReportFormValues } from './analytics.logic';
import { PeriodSelect } from './PeriodSelect';
import { Panel } from '../../components/Panel';

const STATUS_COLORS: Record<ReportStatus, string> = { pending: 'gray', processing: 'blue', completed: 'green', failed: 'red' };

function ReportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [values, setValues] = useState<ReportFormValues>({ name: '', type: '', period: 30 });
  const [invalid, setInvalid] = useState<keyof ReportFormValues | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (patch: Partial<ReportFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setInvalid(null);
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = reportProblem(values);
    if (problem) {
      setInvalid(problem.field);
      toast.error(problem.title, problem.description);
      return;
    }
    setSubmitting(true);
    try {
      await createReport({
        name: values.name.trim(),
        type: values.type as Exclude<ReportFormValues['type'], ''>,
        parameters: { period: values.period },
      });
      toast.success('Relatório gerado', 'O relatório estará disponível em breve na lista.');
      setValues({ name: '', type: '', period: 30 });
      onOpenChange(false);
    } catch (error) {
      toast.error('Erro ao gerar relatório', errorMessage(error, 'Ocorreu um erro ao gerar o relatório'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <DialogFrame open={open} onOpenChange={onOpenChange}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Gerar Novo Relatório" style={{ display: 'contents' }}>
        <Dialog.Header>
          <Dialog.Title>Gerar Novo Relatório</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root invalid={invalid === 'name'} required>
              <Field.Label>
                Nome
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={values.name}
                onChange={(e) => set({ name: e.target.value })}
                placeholder="Ex.: Produtividade de março"
                autoComplete="off"
                autoFocus
                data-testid="report-name"
              />
              {invalid === 'name' && <Field.ErrorText>Nome obrigatório</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={invalid === 'type'} required>
              <Field.Label>
                Tipo
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={values.type}
                  onChange={(e) => set({ type: e.target.value as ReportFormValues['type'] })}
                  data-testid="report-type"
                >
                  <option value="">Selecione o tipo</option>
                  {REPORT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {REPORT_TYPE_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {invalid === 'type' && <Field.ErrorText>Tipo obrigatório</Field.ErrorText>}
            </Field.Root>
            <Field.Root>
              <Field.Label>Período</Field.Label>
              <PeriodSelect value={values.period} onChange={(period) => set({ period })} testId="report-period" />
            </Field.Root>
            <Flex gap="2" align="flex-start" bg="brand.subtle" color="brand.fg" rounded="md" p="3" textStyle="sm">
              <Info size={16} style={{ flexShrink: 0, marginTop: 2 }} />
              <Text>O relatório é processado em segundo plano e estará disponível em breve na lista de relatórios.</Text>
            </Flex>
          </Stack>
        </Dialog.Body>
        <FormDialogFooter submitLabel="Gerar Relatório" submittingLabel="Gerando..." submitting={submitting} />
      </form>
    </DialogFrame>
  );
}

function ReportRow({ report }: { report: Report }) {
  return (
    <Table.Row data-testid={`report-${report.id}`}>
      <Table.Cell fontWeight="medium">{report.name}</Table.Cell>
      <Table.Cell>{REPORT_TYPE_LABELS[report.type] ?? report.type}</Table.Cell>
      <Table.Cell>{report.parameters.period} dias</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS_COLORS[report.status]} title={report.error_message ?? undefined}>
          {REPORT_STATUS_LABELS[report.status] ?? report.status}
        </Badge>
      </Table.Cell>
      <Table.Cell>{formatDateTime(report.created_at)}</Table.Cell>
      <Table.Cell textAlign="end">
        {report.status === 'completed' && (
          <Button asChild size="xs" variant="outline">
            <a href={reportDownloadUrl(report.id)} download data-testid={`report-download-${report.id}`}>
              <Download /> Baixar CSV
            </a>
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

export function ReportsTab() {
  const { data, isLoading } = useReports();
  const [open, setOpen] = useState(false);
  const reports = data ?? [];
  return (
    <Panel>
      <Card.Header>
        <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
          <Stack gap="1">
            <Heading size="md">Relatórios</Heading>
            <Text textStyle="sm" color="fg.muted">
              Relatórios gerados, com download em CSV.
            </Text>
          </Stack>
          <Button colorPalette="brand" size="sm" onClick={() => setOpen(true)}>
            <FilePlus2 /> Gerar Novo Relatório
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body p="0" pt="2">
        {isLoading ? (
          <Flex justify="center" py="10">
            <Spinner />
          </Flex>
        ) : reports.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="10">
            Nenhum relatório gerado ainda.
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="reports">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Nome</Table.ColumnHeader>
                  <Table.ColumnHeader>Tipo</Table.ColumnHeader>
                  <Table.ColumnHeader>Período</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Criado em</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Ações</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {reports.map((report) => (
                  <ReportRow key={report.id} report={report} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
      <ReportDialog open={open} onOpenChange={setOpen} />
    </Panel>
  );
}
