import { Badge, Box, Button, Center, Circle, Dialog, HStack, Progress, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { LearningStep } from '@wkflow/contracts';
import { Check, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { DialogFrame } from '../../components/DialogFrame';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { completeStep, useLearningPath } from './learning.api';
import { categoryLabel, difficultyLabel, formatMinutes } from './learning.logic';

/** The steps of a path, each with Concluir; XP and progress update as steps are completed. */
export function PathStepsDialog({ pathId, onClose }: { pathId: number | null; onClose: () => void }) {
  const { data: path, error, isLoading } = useLearningPath(pathId);
  const [busyStep, setBusyStep] = useState<number | null>(null);

  async function complete(step: LearningStep) {
    if (!pathId) return;
    setBusyStep(step.id);
    try {
      const result = await completeStep(pathId, step.id);
      if (result.path.status === 'completed') toast.success('Trilha concluída!', `Você concluiu "${result.path.title}".`);
      else toast.success('Etapa concluída', result.xpAwarded > 0 ? `+${result.xpAwarded} XP` : undefined);
    } catch (err) {
      toast.error('Erro', errorMessage(err, 'Não foi possível concluir a etapa.'));
    } finally {
      setBusyStep(null);
    }
  }

  return (
    <DialogFrame
      open={pathId !== null}
      onOpenChange={(next) => !next && onClose()}
      size="lg"
      scrollBehavior="inside"
      contentProps={{ 'data-testid': 'path-steps-dialog' } as Dialog.ContentProps}
    >
      <Dialog.Header flexDirection="column" alignItems="stretch" gap="3">
        <Dialog.Title pe="8">{path?.title ?? 'Trilha'}</Dialog.Title>
        {path && (
          <>
            <Text color="fg.muted" textStyle="sm">
              {path.description}
            </Text>
            <HStack gap="2" wrap="wrap">
              <Badge variant="subtle">{difficultyLabel(path.difficulty)}</Badge>
              <Badge variant="subtle">{categoryLabel(path.category)}</Badge>
              <Badge variant="subtle">{formatMinutes(path.estimatedTime)}</Badge>
            </HStack>
            <HStack gap="3">
              <Progress.Root
                value={path.progress}
                flex="1"
                size="sm"
                colorPalette={path.status === 'completed' ? 'green' : 'brand'}
                aria-label="Progresso da trilha"
              >
                <Progress.Track rounded="full">
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text textStyle="sm" color="fg.muted" flexShrink={0} data-testid="dialog-progress">
                {path.completedSteps}/{path.totalSteps} etapas · {path.progress}%
              </Text>
            </HStack>
          </>
        )}
      </Dialog.Header>
      <Dialog.Body>
        {isLoading ? (
          <Stack gap="3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h="20" rounded="md" />
            ))}
          </Stack>
        ) : error || !path ? (
          <Center py="8">
            <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar a trilha.')}</Text>
          </Center>
        ) : (
          <Stack as="ol" gap="3" listStyleType="none">
            {path.steps.map((step) => (
              <Box
                as="li"
                key={step.id}
                p="4"
                rounded="md"
                borderWidth="1px"
                borderColor={step.completed ? 'green.muted' : 'border.muted'}
                bg={step.completed ? 'bg.subtle' : 'bg'}
                data-testid="learning-step"
              >
                <HStack align="flex-start" gap="3">
                  <Circle
                    size="7"
                    flexShrink={0}
                    bg={step.completed ? 'green.solid' : 'bg.muted'}
                    color={step.completed ? 'green.contrast' : 'fg.muted'}
                    fontWeight="semibold"
                    textStyle="sm"
                  >
                    {step.completed ? <Check size={16} /> : step.order}
                  </Circle>
                  <Stack gap="1" flex="1" minW="0">
                    <Text fontWeight="medium">{step.title}</Text>
                    <Text textStyle="sm" color="fg.muted">
                      {step.description}
                    </Text>
                  </Stack>
                  <Stack align="flex-end" gap="2" flexShrink={0}>
                    <Badge colorPalette="yellow" variant="subtle">
                      <Sparkles size={12} /> {step.xp} XP
                    </Badge>
                    {step.completed ? (
                      <Text textStyle="xs" color="fg.success" fontWeight="medium">
                        Concluída
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        colorPalette="brand"
                        onClick={() => void complete(step)}
                        loading={busyStep === step.id}
                        disabled={path.status === 'locked' || (busyStep !== null && busyStep !== step.id)}
                      >
                        Concluir
                      </Button>
                    )}
                  </Stack>
                </HStack>
              </Box>
            ))}
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Fechar
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
