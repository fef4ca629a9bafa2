import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  EmptyState,
  Field,
  Grid,
  HStack,
  NativeSelect,
  Progress,
  Skeleton,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { ClipboardList, Rocket, UserRound } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/usePermissions';
import { useClients } from '../clients/useClients';
import { startOnboarding } from './onboarding.api';
import { personName, processStatusLabel, progressPercent, progressText, STATUS_PALETTE } from './onboarding.logic';
import { startOnboardingSchema, type StartOnboardingValues } from './onboarding.schemas';
import type { OnboardingProcess } from '@wkflow/contracts';
import { StepsPanel } from './StepsPanel';
import { useOnboardingProcesses } from './useOnboarding';
import { Panel } from '../../components/Panel';

/** /onboarding: processes on the left (start one by client), the selected process's steps on the right. */
export default function OnboardingPage() {
  // Onboarding is part of the client's record on the API: clients write to act (the route needs clients read).
  const { can } = usePermissions();
  const canWrite = can('clients', 'write');
  const { data, error, isLoading } = useOnboardingProcesses();
  const processes = useMemo(() => (Array.isArray(data) ? data : []), [data]);
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('processo'));
  const selected = processes.find((p) => p.id === requested) ?? processes[0] ?? null;

  function select(id: number) {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('processo', String(id));
      return next;
    });
  }

  return (
    <Box>
      <PageHeader title="Onboarding" description="Processos de onboarding de clientes e suas etapas." />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '360px minmax(0, 1fr)' }} gap="6" alignItems="start">
        <Stack gap="4">
          {canWrite && <StartProcessCard onStarted={(process) => process && select(process.id)} />}
          <Panel>
            <Card.Header pb="2">
              <HStack justify="space-between">
                <Card.Title as="h2" textStyle="md">
                  Processos
                </Card.Title>
                {processes.length > 0 && <Badge variant="subtle">{processes.length}</Badge>}
              </HStack>
            </Card.Header>
            <Card.Body pt="2">
              {isLoading ? (
                <Stack gap="2">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} h="20" rounded="md" />
                  ))}
                </Stack>
              ) : error ? (
                <Text color="fg.error" textStyle="sm">
                  {errorMessage(error, 'Não foi possível carregar os processos.')}
                </Text>
              ) : processes.length === 0 ? (
                <EmptyState.Root size="sm">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <ClipboardList />
                    </EmptyState.Indicator>
                    <VStack textAlign="center">
                      <EmptyState.Title as="h3">Nenhum processo de onboarding</EmptyState.Title>
                      <EmptyState.Description>
                        {canWrite ? 'Escolha um cliente acima para começar.' : 'Os processos iniciados aparecerão aqui.'}
                      </EmptyState.Description>
                    </VStack>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                <Stack gap="2" as="ul" listStyleType="none" data-testid="process-list">
                  {processes.map((process) => (
                    <li key={process.id}>
                      <ProcessItem process={process} active={process.id === selected?.id} onSelect={() => select(process.id)} />
                    </li>
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Panel>
        </Stack>

        {selected ? (
          <StepsPanel process={selected} canWrite={canWrite} />
        ) : (
          <Panel display={{ base: 'none', lg: 'flex' }}>
            <Card.Body>
              <Center py="16" color="fg.muted" textAlign="center">
                <Text>{isLoading ? 'Carregando...' : 'Selecione um processo para ver suas etapas.'}</Text>
              </Center>
            </Card.Body>
          </Panel>
        )}
      </Grid>
    </Box>
  );
}

function ProcessItem({ process, active, onSelect }: { process: OnboardingProcess; active: boolean; onSelect: () => void }) {
  const percent = progressPercent(process.current_step, process.total_steps);
  return (
    <Box
      as="button"
      onClick={onSelect}
      aria-current={active ? 'true' : undefined}
      w="full"
      textAlign="start"
      p="3"
      rounded="md"
      borderWidth="1px"
      borderColor={active ? 'brand.solid' : 'border.muted'}
      bg={active ? 'brand.subtle' : 'bg'}
      _hover={{ borderColor: active ? 'brand.solid' : 'border.emphasized' }}
      transition="border-color 0.15s, background 0.15s"
      data-testid="process-item"
    >
      <HStack justify="space-between" gap="2" mb="2">
        <Text fontWeight="semibold" truncate>
          {process.client_name}
        </Text>
        <Badge colorPalette={STATUS_PALETTE[process.status] ?? 'gray'} variant="subtle" flexShrink={0}>
          {processStatusLabel(process.status)}
        </Badge>
      </HStack>
      <HStack gap="3">
        <Progress.Root
          value={percent}
          size="sm"
          colorPalette={process.status === 'completed' ? 'green' : 'brand'}
          flex="1"
          aria-label="Progresso"
        >
          <Progress.Track rounded="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text textStyle="xs" color="fg.muted" flexShrink={0} data-testid="process-progress">
          {progressText(process.current_step, process.total_steps)}
        </Text>
      </HStack>
      <HStack justify="space-between" mt="2" textStyle="xs" color="fg.muted" gap="2">
        <HStack gap="1" minW="0">
          <UserRound size={12} />
          <Text truncate>{personName(process) || 'Sem responsável'}</Text>
        </HStack>
        <Text flexShrink={0}>{formatDateTime(process.created_at)}</Text>
      </HStack>
    </Box>
  );
}

function StartProcessCard({ onStarted }: { onStarted: (process: OnboardingProcess | null) => void }) {
  const { data: clients, isLoading } = useClients();
  const sorted = useMemo(
    () => (Array.isArray(clients) ? [...clients].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')) : []),
    [clients],
  );

  async function onSubmit(values: StartOnboardingValues, helpers: FormikHelpers<StartOnboardingValues>) {
    try {
      const process = await startOnboarding(Number(values.clientId));
      const name = sorted.find((c) => String(c.id) === values.clientId)?.name;
      toast.success('Processo Criado', name ? `Onboarding de ${name} iniciado.` : undefined);
      helpers.resetForm();
      onStarted(process);
    } catch (error) {
      toast.error('Erro ao criar processo', errorMessage(error));
    }
  }

  return (
    <Panel>
      <Card.Header pb="2">
        <Card.Title as="h2" textStyle="md">
          Novo processo
        </Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        <Formik initialValues={{ clientId: '' }} validationSchema={startOnboardingSchema} onSubmit={onSubmit}>
          {({ values, errors, touched, isSubmitting, handleChange, handleBlur }) => (
            <Form noValidate aria-label="Novo processo">
              <Stack gap="3">
                <Field.Root id="field-clientId" invalid={Boolean(touched.clientId && errors.clientId)}>
                  <Field.Label>Cliente</Field.Label>
                  <NativeSelect.Root disabled={isLoading}>
                    <NativeSelect.Field name="clientId" value={values.clientId} onChange={handleChange} onBlur={handleBlur}>
                      <option value="">{isLoading ? 'Carregando clientes...' : 'Selecione um cliente'}</option>
                      {sorted.map((client) => (
                        <option key={client.id} value={String(client.id)}>
                          {client.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {touched.clientId && errors.clientId && <Field.ErrorText>{errors.clientId}</Field.ErrorText>}
                </Field.Root>
                <Button type="submit" colorPalette="brand" loading={isSubmitting} disabled={!values.clientId} loadingText="Iniciando...">
                  <Rocket /> Iniciar Onboarding
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      </Card.Body>
    </Panel>
  );
}
