import { Badge, Box, Button, Card, Center, Circle, Field, Flex, HStack, Progress, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { Check, CheckCircle2, Clock, Play, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { updateStep } from './onboarding.api';
import {
  canSaveNotesAlone,
  isProcessEditable,
  canCompleteStep,
  canStartStep,
  categoryLabel,
  formatMinutes,
  personName,
  processStatusLabel,
  progressPercent,
  progressText,
  reopenQuestion,
  sortSteps,
  STATUS_PALETTE,
  stepStatusLabel,
} from './onboarding.logic';
import type { OnboardingStepUpdateStatus, OnboardingProcess, OnboardingStep, OnboardingStepStatus } from '@wkflow/contracts';
import { useOnboardingSteps } from './useOnboarding';
import { Panel } from '../../components/Panel';

const STEP_PALETTE: Record<OnboardingStepStatus, string> = { pending: 'gray', in_progress: 'blue', completed: 'green' };

/** The selected process: header with status and progress, then its steps in order. */
export function StepsPanel({ process, canWrite }: { process: OnboardingProcess; canWrite: boolean }) {
  const { data, error, isLoading } = useOnboardingSteps(process.id);
  const steps = sortSteps(Array.isArray(data) ? data : []);
  const percent = progressPercent(process.current_step, process.total_steps);

  return (
    <Panel data-testid="steps-panel">
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
          <Box minW="0">
            <Card.Title as="h2" textStyle="xl">
              {process.client_name}
            </Card.Title>
            <Card.Description>
              {personName(process) ? `Responsável: ${personName(process)}` : 'Sem responsável'}
              {process.completed_at && ` · Concluído em ${formatDateTime(process.completed_at)}`}
            </Card.Description>
          </Box>
          <Badge colorPalette={STATUS_PALETTE[process.status] ?? 'gray'} size="lg" variant="subtle">
            {processStatusLabel(process.status)}
          </Badge>
        </HStack>
        <HStack gap="3" mt="4">
          <Progress.Root
            value={percent}
            colorPalette={process.status === 'completed' ? 'green' : 'brand'}
            flex="1"
            aria-label="Progresso do processo"
          >
            <Progress.Track rounded="full">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text textStyle="sm" color="fg.muted" flexShrink={0}>
            {progressText(process.current_step, process.total_steps)} etapas · {percent}%
          </Text>
        </HStack>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Stack gap="3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h="36" rounded="md" />
            ))}
          </Stack>
        ) : error ? (
          <Center py="8">
            <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar as etapas.')}</Text>
          </Center>
        ) : steps.length === 0 ? (
          <Center py="8">
            <Text color="fg.muted">Este processo não tem etapas.</Text>
          </Center>
        ) : (
          <Stack gap="3" as="ol" listStyleType="none">
            {steps.map((step, index) => (
              <li key={step.id}>
                <StepItem
                  processId={process.id}
                  step={step}
                  position={index + 1}
                  canWrite={canWrite}
                  editable={canWrite && isProcessEditable(process)}
                />
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Panel>
  );
}

interface StepItemProps {
  processId: number;
  step: OnboardingStep;
  position: number;
  /** clients write: the notes box and the buttons are shown. */
  canWrite: boolean;
  /** …and usable (not for a cancelled process). */
  editable: boolean;
}

function StepItem({ processId, step, position, canWrite, editable }: StepItemProps) {
  const [notes, setNotes] = useState(step.notes ?? '');
  const [savedNotes, setSavedNotes] = useState(step.notes ?? '');
  const [busy, setBusy] = useState<OnboardingStepUpdateStatus | 'notes' | null>(null);

  // The server's notes win when they change under us (another user, a refetch).
  if ((step.notes ?? '') !== savedNotes) {
    setSavedNotes(step.notes ?? '');
    setNotes(step.notes ?? '');
  }

  async function save(status: OnboardingStepUpdateStatus, which: OnboardingStepUpdateStatus | 'notes') {
    setBusy(which);
    try {
      await updateStep(processId, step.id, { status, notes });
      toast.success('Etapa Atualizada', `${step.name}: ${stepStatusLabel(status)}`);
    } catch (error) {
      toast.error('Erro ao atualizar etapa', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const completed = step.status === 'completed';
  const duration = formatMinutes(step.estimated_duration);

  return (
    <Box
      p="4"
      rounded="md"
      borderWidth="1px"
      borderColor={step.status === 'in_progress' ? 'blue.muted' : 'border.muted'}
      bg={completed ? 'bg.subtle' : 'bg'}
      data-testid="step-item"
    >
      <HStack align="flex-start" gap="3">
        <Circle
          size="8"
          flexShrink={0}
          bg={completed ? 'green.solid' : step.status === 'in_progress' ? 'blue.solid' : 'bg.muted'}
          color={completed || step.status === 'in_progress' ? 'white' : 'fg.muted'}
          fontWeight="semibold"
          textStyle="sm"
        >
          {completed ? <Check size={16} /> : position}
        </Circle>
        <Stack gap="2" flex="1" minW="0">
          <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
            <Box minW="0">
              <Text fontWeight="semibold">{step.name}</Text>
              <HStack gap="2" mt="1" wrap="wrap">
                <Badge variant="outline" size="sm">
                  {categoryLabel(step.category)}
                </Badge>
                {duration && (
                  <HStack gap="1" textStyle="xs" color="fg.muted">
                    <Clock size={12} /> {duration}
                  </HStack>
                )}
              </HStack>
            </Box>
            <Badge colorPalette={STEP_PALETTE[step.status] ?? 'gray'} variant="subtle">
              {stepStatusLabel(step.status)}
            </Badge>
          </HStack>
          {step.description && (
            <Text textStyle="sm" color="fg.muted">
              {step.description}
            </Text>
          )}
          {completed && step.completed_at && (
            <HStack gap="1.5" textStyle="sm" color="green.fg" data-testid="step-completed-at">
              <CheckCircle2 size={14} /> Concluída em {formatDateTime(step.completed_at)}
            </HStack>
          )}
          {!canWrite ? (
            step.notes && (
              <Text textStyle="sm" whiteSpace="pre-wrap" bg="bg.muted" rounded="md" px="3" py="2">
                {step.notes}
              </Text>
            )
          ) : (
            <>
              <Flex gap="2" align={{ base: 'stretch', md: 'flex-start' }} direction={{ base: 'column', md: 'row' }}>
                <Field.Root flex="1">
                  <Field.Label srOnly>Notas da etapa {step.name}</Field.Label>
                  <Textarea
                    value={notes}
                    onChange={(e) => setNotes(e.target.value)}
                    placeholder="Notas da etapa..."
                    readOnly={!editable}
                    size="sm"
                    rows={1}
                    autoresize
                    maxH="40"
                    bg="bg"
                  />
                  {editable && notes !== savedNotes && !canSaveNotesAlone(step) && (
                    <Field.HelperText>As notas são salvas ao iniciar ou concluir a etapa.</Field.HelperText>
                  )}
                </Field.Root>
                <HStack gap="2" justify="flex-end" flexShrink={0}>
                  {editable && notes !== savedNotes && canSaveNotesAlone(step) && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => void save(step.status as OnboardingStepUpdateStatus, 'notes')}
                      loading={busy === 'notes'}
                      disabled={busy !== null}
                    >
                      <Save /> Salvar notas
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="blue"
                    onClick={() => {
                      // Reopening a completed step lowers the progress: ask first.
                      if (completed && !window.confirm(reopenQuestion(step.name))) return;
                      void save('in_progress', 'in_progress');
                    }}
                    disabled={!editable || !canStartStep(step) || busy !== null}
                    loading={busy === 'in_progress'}
                  >
                    {completed ? (
                      <>
                        <RotateCcw /> Reabrir
                      </>
                    ) : (
                      <>
                        <Play /> Iniciar
                      </>
                    )}
                  </Button>
                  <Button
                    size="sm"
                    colorPalette="green"
                    onClick={() => void save('completed', 'completed')}
                    disabled={!editable || !canCompleteStep(step) || busy !== null}
                    loading={busy === 'completed'}
                  >
                    <Check /> Concluir
                  </Button>
                </HStack>
              </Flex>
            </>
          )}
        </Stack>
      </HStack>
    </Box>
  );
}
