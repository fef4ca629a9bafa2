import { Badge, Box, Button, Card, Dialog, Field, Flex, Heading, SimpleGrid, Spinner, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import {
  RECOMMENDATION_PRIORITY_LABELS,
  RECOMMENDATION_TYPE_LABELS,
  type Recommendation,
  type RecommendationInsights,
} from '@wkflow/contracts';
import {
  AlertTriangle,
  CheckCircle2,
  Clock,
  Columns3,
  Gauge,
  Lightbulb,
  Sparkles,
  TrendingUp,
  UserCheck,
  UserMinus,
  X,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { DialogFrame } from '../../components/DialogFrame';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { dismissRecommendation, generateRecommendations, implementRecommendation, useRecommendations } from './recommendations.api';
import { countByPriority, expiresLabel, generatedMessage, PRIORITY_COLORS } from './recommendations.logic';
import { Panel } from '../../components/Panel';

type TabKey = 'dashboard' | 'list' | 'analytics';
type Resolution = { recommendation: Recommendation; kind: 'implement' | 'dismiss' };

const number = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

function StatCard({
  label,
  value,
  icon,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  hint?: string;
  testId?: string;
}) {
  return (
    <Panel data-testid={testId}>
      <Card.Body gap="1">
        <Flex justify="space-between" align="center">
          <Text textStyle="sm" color="fg.muted">
            {label}
          </Text>
          <Box color="brand.fg">{icon}</Box>
        </Flex>
        <Text fontSize="2xl" fontWeight="semibold">
          {value}
        </Text>
        {hint && (
          <Text textStyle="xs" color="fg.muted">
            {hint}
          </Text>
        )}
      </Card.Body>
    </Panel>
  );
}

function RecommendationCard({ recommendation, onResolve }: { recommendation: Recommendation; onResolve: (r: Resolution) => void }) {
  return (
    <Panel data-testid={`recommendation-${recommendation.id}`}>
      <Card.Body gap="3">
        <Flex gap="2" wrap="wrap" align="center">
          <Badge colorPalette={PRIORITY_COLORS[recommendation.priority]}>{RECOMMENDATION_PRIORITY_LABELS[recommendation.priority]}</Badge>
          <Badge variant="outline">{RECOMMENDATION_TYPE_LABELS[recommendation.type]}</Badge>
          <Text textStyle="xs" color="fg.muted" ms="auto">
            {expiresLabel(recommendation.expiresAt)}
          </Text>
        </Flex>
        <Box>
          <Heading size="md">{recommendation.title}</Heading>
          <Text color="fg.muted" mt="1">
            {recommendation.description}
          </Text>
        </Box>
        <Stack gap="1" textStyle="sm">
          <Text>
            <Text as="span" fontWeight="semibold">
              Ação sugerida:{' '}
            </Text>
            {recommendation.action}
          </Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              Impacto esperado:{' '}
            </Text>
            {recommendation.impact}
          </Text>
        </Stack>
        <Flex gap="2" justify="flex-end">
          <Button size="sm" variant="ghost" onClick={() => onResolve({ recommendation, kind: 'dismiss' })}>
            <X /> Descartar
          </Button>
          <Button size="sm" colorPalette="green" onClick={() => onResolve({ recommendation, kind: 'implement' })}>
            <CheckCircle2 /> Implementar
          </Button>
        </Flex>
      </Card.Body>
    </Panel>
  );
}

/** Implement (optional notes) or dismiss (optional reason). */
function ResolveDialog({ resolution, onClose }: { resolution: Resolution | null; onClose: () => void }) {
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const implement = resolution?.kind === 'implement';

  async function confirm() {
    if (!resolution) return;
    setSaving(true);
    try {
      if (implement) {
        await implementRecommendation(resolution.recommendation.id, text);
        toast.success('Recomendação Implementada', 'A recomendação foi marcada como implementada.');
      } else {
        await dismissRecommendation(resolution.recommendation.id, text);
        toast.success('Recomendação Descartada', 'A recomendação foi descartada.');
      }
      setText('');
      onClose();
    } catch (error) {
      toast.error('Erro', errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <DialogFrame
      open={resolution !== null}
      onOpenChange={(open) => {
        if (!open) {
          setText('');
          onClose();
        }
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{implement ? 'Implementar recomendação' : 'Descartar recomendação'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Text fontWeight="medium">{resolution?.recommendation.title}</Text>
          <Field.Root>
            <Field.Label>{implement ? 'Notas (opcional)' : 'Motivo (opcional)'}</Field.Label>
            <Textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={2000}
              rows={3}
              placeholder={implement ? 'O que foi feito?' : 'Por que esta recomendação não se aplica?'}
              data-testid="resolution-text"
            />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancelar</Button>
        </Dialog.ActionTrigger>
        <Button colorPalette={implement ? 'green' : 'red'} loading={saving} onClick={() => void confirm()}>
          {implement ? 'Implementar' : 'Descartar'}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}

function EmptyList({ onGenerate, generating }: { onGenerate: () => void; generating: boolean }) {
  return (
    <Panel>
      <Card.Body>
        <Stack align="center" textAlign="center" py="10" gap="3">
          <Lightbulb size={32} />
          <Heading size="md">Nenhuma recomendação ativa</Heading>
          <Text color="fg.muted" maxW="md">
            Gere recomendações para analisar o fluxo de trabalho, a equipe e os clientes.
          </Text>
          <Button colorPalette="brand" onClick={onGenerate} loading={generating}>
            <Sparkles /> Gerar Recomendações
          </Button>
        </Stack>
      </Card.Body>
    </Panel>
  );
}

function InsightsGrid({ insights }: { insights: RecommendationInsights }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" data-testid="insights">
      <StatCard
        label="Produtividade da equipe"
        value={`${insights.teamProductivityScore}/100`}
        icon={<Gauge />}
        hint="Conclusão (70%) e pontualidade (30%)"
      />
      <StatCard
        label="Taxa de conclusão"
        value={`${number(insights.completionRate)}%`}
        icon={<TrendingUp />}
        hint={`${insights.completedOfCreatedLast30} de ${insights.createdLast30} tarefas criadas nos últimos 30 dias`}
      />
      <StatCard
        label="Taxa de atraso"
        value={`${number(insights.overdueRate)}%`}
        icon={<AlertTriangle />}
        hint={`${insights.overdueTasks} tarefas atrasadas`}
      />
      <StatCard
        label="Tempo médio de conclusão"
        value={`${number(insights.avgCompletionTime)} h`}
        icon={<Clock />}
        hint="Da criação até a conclusão"
      />
      <StatCard
        label="Membro mais ativo"
        value={insights.mostActiveUser?.name ?? '—'}
        icon={<UserCheck />}
        hint="Mais horas nos últimos 30 dias"
      />
      <StatCard
        label="Membro menos ativo"
        value={insights.leastActiveUser?.name ?? '—'}
        icon={<UserMinus />}
        hint="Menos horas nos últimos 30 dias"
      />
      <StatCard
        label="Coluna gargalo"
        value={insights.bottleneckColumn ?? '—'}
        icon={<Columns3 />}
        hint="Coluna de trabalho com mais tarefas"
      />
    </SimpleGrid>
  );
}

/** /recommendations (extended.md §2.9): for users read plus access profile 1 or role manager. */
export default function RecommendationsPage() {
  const { list, stats, insights } = useRecommendations();
  const [tab, setTab] = useState<TabKey>('dashboard');
  const [generating, setGenerating] = useState(false);
  const [resolution, setResolution] = useState<Resolution | null>(null);

  async function generate() {
    setGenerating(true);
    try {
      const result = await generateRecommendations();
      toast.success('Recomendações Geradas', generatedMessage(result.created));
    } catch (error) {
      toast.error('Erro', errorMessage(error));
    } finally {
      setGenerating(false);
    }
  }

  const recommendations = list.data ?? [];
  const loading = list.isLoading || stats.isLoading;
  const cards = (items: Recommendation[]) =>
    items.length === 0 ? (
      <EmptyList onGenerate={() => void generate()} generating={generating} />
    ) : (
      <Stack gap="3">
        {items.map((r) => (
          <RecommendationCard key={r.id} recommendation={r} onResolve={setResolution} />
        ))}
      </Stack>
    );

  return (
    <>
      <PageHeader
        title="Recomendações"
        description="Sugestões para melhorar o fluxo de trabalho, a equipe e o atendimento aos clientes."
        actions={
          <Button
            colorPalette="brand"
            size="sm"
            onClick={() => void generate()}
            loading={generating}
            loadingText="Gerando..."
            data-testid="generate-recommendations"
          >
            <Sparkles /> Gerar Recomendações
          </Button>
        }
      />
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as TabKey)} variant="line" colorPalette="brand" lazyMount>
        <Tabs.List mb="5" overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="dashboard" flexShrink={0}>
            Dashboard
          </Tabs.Trigger>
          <Tabs.Trigger value="list" flexShrink={0}>
            Recomendações
            {recommendations.length > 0 && (
              <Badge size="sm" colorPalette="brand" variant="solid" ms="1">
                {recommendations.length}
              </Badge>
            )}
          </Tabs.Trigger>
          <Tabs.Trigger value="analytics" flexShrink={0}>
            Analytics
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="dashboard" pt="0">
          {loading ? (
            <Spinner />
          ) : (
            <Stack gap="6">
              <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
                <StatCard testId="stat-active" label="Ativas" value={stats.data?.active ?? 0} icon={<Lightbulb />} />
                <StatCard testId="stat-implemented" label="Implementadas" value={stats.data?.implemented ?? 0} icon={<CheckCircle2 />} />
                <StatCard
                  testId="stat-rate"
                  label="Taxa de implementação"
                  value={`${number(stats.data?.implementationRate ?? 0)}%`}
                  icon={<TrendingUp />}
                />
              </SimpleGrid>
              <Flex gap="2" wrap="wrap">
                {countByPriority(recommendations).map(({ priority, count }) => (
                  <Badge key={priority} colorPalette={PRIORITY_COLORS[priority]} size="lg" variant="subtle">
                    {RECOMMENDATION_PRIORITY_LABELS[priority]}: {count}
                  </Badge>
                ))}
              </Flex>
              <Box>
                <Heading size="md" mb="3">
                  Prioridades
                </Heading>
                {cards(recommendations.slice(0, 3))}
              </Box>
            </Stack>
          )}
        </Tabs.Content>
        <Tabs.Content value="list" pt="0">
          {list.isLoading ? <Spinner /> : cards(recommendations)}
        </Tabs.Content>
        <Tabs.Content value="analytics" pt="0">
          {insights.data ? <InsightsGrid insights={insights.data} /> : <Spinner />}
        </Tabs.Content>
      </Tabs.Root>
      <ResolveDialog resolution={resolution} onClose={() => setResolution(null)} />
    </>
  );
}
