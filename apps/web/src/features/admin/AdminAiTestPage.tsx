import { Badge, Box, Button, Card, Code, Grid, HStack, Icon, Stack, Text, Textarea } from '@chakra-ui/react';
import { AI_EXAMPLE_PROMPTS, aiModelLabel, aiTestOutcome, confidencePercent, type AiParseResult } from '@wkflow/contracts';
import { Activity, Eraser, FlaskConical } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { parseTask } from '../ai/ai.api';
import { AI_TOASTS, OUTCOME_COLORS, previewFields, textToSend } from '../ai/ai.logic';
import { AiNotes } from '../ai/AiNotes';
import { ConfidenceBadge } from '../ai/ConfidenceBadge';

/** /admin/ai-test (extended.md §2.13): username admin only (the route's gate). */
export default function AdminAiTestPage() {
  return <AiTester />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid templateColumns={{ base: '1fr', sm: '8rem 1fr' }} gap={{ base: '0.5', sm: '3' }} alignItems="baseline">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Box textStyle="sm" minW="0" wordBreak="break-word">
        {children}
      </Box>
    </Grid>
  );
}

interface Run {
  result: AiParseResult | null;
  durationMs: number;
}

function AiTester() {
  const [text, setText] = useState('');
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<Run | null>(null);

  async function test() {
    const toSend = textToSend(text);
    if (!toSend) {
      toast.error(AI_TOASTS.testTextRequired);
      return;
    }
    setRunning(true);
    const started = performance.now();
    try {
      const result = await parseTask(toSend);
      setRun({ result, durationMs: Math.round(performance.now() - started) });
    } catch (error) {
      toast.error(AI_TOASTS.testFailed, errorMessage(error));
    } finally {
      setRunning(false);
    }
  }

  function clear() {
    setText('');
    setRun(null);
  }

  const result = run?.result ?? null;
  const outcome = run ? aiTestOutcome(result) : null;
  const fields = result ? previewFields(result) : null;
  const debug = result?.debug;

  return (
    <>
      <PageHeader title="Teste de IA" description="Teste o assistente que transforma texto em tarefas e veja o diagnóstico da resposta." />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6" alignItems="start">
        <Stack gap="6">
          <Card.Root variant="outline">
            <Card.Header>
              <Card.Title as="h2">Texto para análise</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                <Textarea
                  aria-label="Texto para análise"
                  minH="140px"
                  maxLength={4000}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder="Descreva uma tarefa como faria no 'Criar com IA'"
                />
                <HStack justify="flex-end" gap="2">
                  <Button variant="outline" onClick={clear}>
                    <Eraser /> Limpar
                  </Button>
                  <Button colorPalette="brand" onClick={() => void test()} loading={running} loadingText="Testando...">
                    <FlaskConical /> Testar IA
                  </Button>
                </HStack>
              </Stack>
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline">
            <Card.Header>
              <Card.Title as="h2">Exemplos</Card.Title>
              <Card.Description>Clique em um exemplo para usá-lo.</Card.Description>
            </Card.Header>
            <Card.Body>
              <Stack gap="2">
                {AI_EXAMPLE_PROMPTS.map((example) => (
                  <Button
                    key={example}
                    variant="subtle"
                    size="sm"
                    h="auto"
                    py="2"
                    justifyContent="flex-start"
                    textAlign="left"
                    whiteSpace="normal"
                    fontWeight="normal"
                    onClick={() => setText(example)}
                    data-testid="ai-example"
                  >
                    {example}
                  </Button>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        </Stack>

        <Stack gap="6">
          <Card.Root variant="outline" data-testid="ai-test-result">
            <Card.Header>
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Card.Title as="h2">Resultado</Card.Title>
                {outcome && (
                  <Badge colorPalette={OUTCOME_COLORS[outcome]} size="lg" data-testid="ai-test-outcome">
                    {outcome}
                  </Badge>
                )}
              </HStack>
            </Card.Header>
            <Card.Body>
              {!run && (
                <Text textStyle="sm" color="fg.muted">
                  Nenhum teste executado ainda.
                </Text>
              )}
              {run && !result && (
                <Text textStyle="sm" color="fg.muted">
                  A IA não retornou nenhum conteúdo.
                </Text>
              )}
              {result && fields && (
                <Stack gap="3">
                  <HStack gap="3" wrap="wrap">
                    <Text textStyle="2xl" fontWeight="bold" data-testid="ai-test-confidence">
                      {confidencePercent(result.confidence)}
                    </Text>
                    <ConfidenceBadge confidence={result.confidence} />
                  </HStack>
                  <Field label="Título">{fields.title}</Field>
                  <Field label="Descrição">
                    <Text whiteSpace="pre-wrap">{fields.description}</Text>
                  </Field>
                  <Field label="Cliente">{fields.client}</Field>
                  <Field label="Responsáveis">{fields.assignees}</Field>
                  <Field label="Prazo">{fields.deadline}</Field>
                  <AiNotes suggestions={result.suggestions} warnings={result.warnings} />
                </Stack>
              )}
            </Card.Body>
          </Card.Root>

          <Card.Root variant="outline" data-testid="ai-test-diagnostics">
            <Card.Header>
              <HStack gap="2">
                <Icon color="fg.muted">
                  <Activity />
                </Icon>
                <Card.Title as="h2">Diagnóstico</Card.Title>
              </HStack>
            </Card.Header>
            <Card.Body>
              {!run ? (
                <Text textStyle="sm" color="fg.muted">
                  O diagnóstico aparece após o primeiro teste.
                </Text>
              ) : (
                <Stack gap="3">
                  <Field label="Modo">
                    <Badge colorPalette={debug?.mode === 'openai' ? 'green' : 'gray'}>
                      {debug?.mode === 'openai' ? 'Online (OpenAI)' : 'Offline (analisador pt-BR)'}
                    </Badge>
                  </Field>
                  <Field label="Modelo">{aiModelLabel(debug?.model, debug?.mode)}</Field>
                  <Field label="Usuários">{debug?.usersCount ?? '—'}</Field>
                  <Field label="Clientes">{debug?.clientsCount ?? '—'}</Field>
                  <Field label="Tempo de resposta">{run.durationMs} ms</Field>
                  <Box>
                    <Text textStyle="sm" color="fg.muted" mb="1">
                      Resposta bruta
                    </Text>
                    <Code
                      display="block"
                      whiteSpace="pre-wrap"
                      p="3"
                      w="full"
                      maxH="72"
                      overflowY="auto"
                      textStyle="xs"
                      data-testid="ai-test-raw"
                    >
                      {debug?.rawResponse || '(vazia)'}
                    </Code>
                  </Box>
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>
    </>
  );
}
