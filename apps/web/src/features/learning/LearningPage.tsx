import { Badge, Box, Button, Card, Center, EmptyState, Grid, HStack, Icon, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import type { LearningPathSummary } from '@wkflow/contracts';
import { Award, BookOpen, CheckCircle2, GraduationCap, Sparkles, TrendingUp } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { startPath, useLearningDashboard } from './learning.api';
import { CATEGORY_FILTERS, type CategoryFilter, filterPaths, nextLevelText } from './learning.logic';
import { PathCard } from './PathCard';
import { PathStepsDialog } from './PathStepsDialog';
import { Panel } from '../../components/Panel';

const GRID = { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' };

/** /learning (extended.md §2.10): XP and level, four summary cards, category filter, path cards with working actions. */
export default function LearningPage() {
  const { data, error, isLoading } = useLearningDashboard();
  const [filter, setFilter] = useState<CategoryFilter>('all');
  const [openPath, setOpenPath] = useState<number | null>(null);
  const [starting, setStarting] = useState<number | null>(null);
  const paths = filterPaths(data?.paths ?? [], filter);

  async function act(path: LearningPathSummary) {
    if (path.status === 'locked') return;
    if (path.status !== 'not_started') {
      setOpenPath(path.id);
      return;
    }
    setStarting(path.id);
    try {
      await startPath(path.id);
      setOpenPath(path.id);
    } catch (err) {
      toast.error('Erro', errorMessage(err, 'Não foi possível iniciar a trilha.'));
    } finally {
      setStarting(null);
    }
  }

  return (
    <Box>
      <PageHeader
        title="Centro de Aprendizado"
        description="Aprenda a usar o WKFlow com trilhas práticas, ganhe XP e desbloqueie conquistas."
        actions={
          data && (
            <HStack gap="2">
              <Badge size="lg" colorPalette="yellow" variant="subtle" data-testid="xp-points">
                <Sparkles size={14} /> {data.totalPoints} XP
              </Badge>
              <Badge size="lg" colorPalette="brand" variant="solid" data-testid="level-badge">
                Nível {data.level} · {data.levelName}
              </Badge>
            </HStack>
          )
        }
      />

      {error ? (
        <Center py="12">
          <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar o centro de aprendizado.')}</Text>
        </Center>
      ) : (
        <>
          <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }} gap="4" mb="6">
            <SummaryCard
              label="Trilhas disponíveis"
              value={data?.availablePaths}
              icon={<BookOpen />}
              palette="blue"
              testId="summary-available"
            />
            <SummaryCard
              label="Trilhas concluídas"
              value={data?.completedPaths}
              icon={<CheckCircle2 />}
              palette="green"
              testId="summary-completed"
            />
            <SummaryCard
              label="Conquistas"
              value={data?.achievements}
              icon={<Award />}
              palette="yellow"
              hint={data ? `de ${data.achievementList.length}` : undefined}
              title={
                data?.achievementList
                  .filter((a) => a.unlocked)
                  .map((a) => a.title)
                  .join(', ') || undefined
              }
              testId="summary-achievements"
            />
            <SummaryCard
              label="Nível"
              value={data?.level}
              icon={<TrendingUp />}
              palette="purple"
              hint={data ? data.levelName : undefined}
              title={data ? nextLevelText(data.totalPoints, data.nextLevelPoints) : undefined}
              testId="summary-level"
            />
          </Grid>

          <HStack gap="2" mb="5" wrap="wrap" role="group" aria-label="Filtrar por categoria">
            {CATEGORY_FILTERS.map((f) => (
              <Button
                key={f.value}
                size="sm"
                variant={filter === f.value ? 'solid' : 'outline'}
                colorPalette={filter === f.value ? 'brand' : 'gray'}
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
              >
                {f.label}
              </Button>
            ))}
          </HStack>

          {isLoading ? (
            <Grid templateColumns={GRID} gap="5">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} h="300px" rounded="lg" />
              ))}
            </Grid>
          ) : paths.length === 0 ? (
            <EmptyState.Root>
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <GraduationCap />
                </EmptyState.Indicator>
                <VStack textAlign="center">
                  <EmptyState.Title as="h2">Nenhuma trilha encontrada</EmptyState.Title>
                  <EmptyState.Description>Escolha outra categoria para ver mais trilhas.</EmptyState.Description>
                </VStack>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Grid templateColumns={GRID} gap="5" data-testid="path-grid">
              {paths.map((path) => (
                <PathCard key={path.id} path={path} busy={starting === path.id} onAction={(p) => void act(p)} />
              ))}
            </Grid>
          )}
        </>
      )}

      <PathStepsDialog pathId={openPath} onClose={() => setOpenPath(null)} />
    </Box>
  );
}

interface SummaryCardProps {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  palette: string;
  hint?: string;
  title?: string;
  testId: string;
}

function SummaryCard({ label, value, icon, palette, hint, title, testId }: SummaryCardProps) {
  return (
    <Panel title={title} data-testid={testId}>
      <Card.Body p="4">
        <HStack gap="3">
          <Center boxSize="10" rounded="lg" bg={`${palette}.subtle`} color={`${palette}.fg`} flexShrink={0}>
            <Icon boxSize="5">{icon}</Icon>
          </Center>
          <Stack gap="0" minW="0">
            <Text textStyle="xs" color="fg.muted" truncate>
              {label}
            </Text>
            <HStack gap="1.5" align="baseline">
              {value === undefined ? (
                <Skeleton h="7" w="8" />
              ) : (
                <Text textStyle="2xl" fontWeight="semibold" data-testid={`${testId}-value`}>
                  {value}
                </Text>
              )}
              {hint && (
                <Text textStyle="xs" color="fg.muted" truncate>
                  {hint}
                </Text>
              )}
            </HStack>
          </Stack>
        </HStack>
      </Card.Body>
    </Panel>
  );
}
