import { Alert, Button, Dialog, Field, HStack, Icon, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import type { AiParseResult } from '@wkflow/contracts';
import { Sparkles, WandSparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { errorMessage } from '../../lib/fetcher';
import { DialogFrame } from '../../components/DialogFrame';
import { keys } from '../../lib/swr';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePermissions } from '../auth/usePermissions';
import { useClients } from '../clients/useClients';
import { useColumns, useTeam } from '../tasks/useTaskData';
import { createTaskFromSuggestion, parseTask } from './ai.api';
import {
  AI_TOASTS,
  applyDraft,
  canSeeAiDebug,
  draftFromSuggestion,
  suggestionPayload,
  targetColumnId,
  textToSend,
  type AiDraft,
} from './ai.logic';
import { AiDebugPanel } from './AiDebugPanel';
import { AiNotes } from './AiNotes';
import { AiSuggestionPanel } from './AiSuggestionPanel';
import { IdOptions } from '../../components/IdOptions';

const NO_ITEMS: never[] = [];

/** 'Criar Tarefa com IA' (core.md §2, §4): text → analysis → suggestion → optional edit → create. */
export function AiTaskModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && onClose()}
      size="xl"
      scrollBehavior="inside"
      rootProps={{ closeOnInteractOutside: false }}
      contentProps={{ 'aria-label': 'Criar Tarefa com IA', 'data-testid': 'ai-modal' } as Dialog.ContentProps}
    >
      {/* Mounted only while open: closing resets everything (core.md §4). */}
      {open && <AiTaskFlow onClose={onClose} />}
    </DialogFrame>
  );
}

function AiTaskFlow({ onClose }: { onClose: () => void }) {
  const { user } = useCurrentUser();
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const columnsQuery = useColumns();
  const clientsQuery = useClients(can('clients', 'read'));
  const usersQuery = useTeam();
  const columns = columnsQuery.data ?? NO_ITEMS;
  const clients = clientsQuery.data ?? NO_ITEMS;
  const users = useMemo(() => (usersQuery.data ?? NO_ITEMS).filter((u) => u.isApproved !== false), [usersQuery.data]);

  const [text, setText] = useState('');
  const [analysing, setAnalysing] = useState(false);
  const [result, setResult] = useState<AiParseResult | null>(null);
  /** The text the current suggestion was made from: once the text differs, the suggestion is stale. */
  const [analysedText, setAnalysedText] = useState<string | null>(null);
  const [draft, setDraft] = useState<AiDraft | null>(null);
  const [editing, setEditing] = useState(false);
  const [chosenColumn, setChosenColumn] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  const columnId = targetColumnId(columns, chosenColumn);
  const sortedColumns = useMemo(() => [...columns].sort((a, b) => a.position - b.position || a.id - b.id), [columns]);
  const preview = result && draft ? applyDraft(result, draft, clients, users) : null;
  const stale = result !== null && textToSend(text) !== analysedText;

  async function analyse() {
    const toSend = textToSend(text);
    if (!toSend) {
      toast.error(AI_TOASTS.textRequired.title, AI_TOASTS.textRequired.description);
      return;
    }
    setAnalysing(true);
    try {
      const parsed = await parseTask(toSend);
      setResult(parsed);
      setAnalysedText(toSend);
      setDraft(draftFromSuggestion(parsed));
      setEditing(false);
    } catch (error) {
      toast.error(AI_TOASTS.failed, errorMessage(error));
    } finally {
      setAnalysing(false);
    }
  }

  async function create() {
    if (!preview || stale) return;
    if (!columnId) {
      toast.error(AI_TOASTS.columnRequired.title, AI_TOASTS.columnRequired.description);
      return;
    }
    setCreating(true);
    try {
      await createTaskFromSuggestion({ suggestion: suggestionPayload(preview), columnId });
      toast.success(AI_TOASTS.created);
      void mutate(keys.tasks);
      onClose();
    } catch (error) {
      toast.error(AI_TOASTS.failed, errorMessage(error));
      setCreating(false);
    }
  }

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>
          <HStack gap="2">
            <Icon color="brand.solid">
              <Sparkles />
            </Icon>
            Criar Tarefa com IA
          </HStack>
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root>
            <Field.Label>Descreva a tarefa</Field.Label>
            <Textarea
              name="ai-text"
              aria-label="Descreva a tarefa"
              minH="120px"
              maxLength={4000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void analyse();
              }}
              placeholder="Ex.: Criar posts de Natal da Padaria Pão Dourado para a Maria até sexta às 18h"
            />
            <Field.HelperText>Informe o que fazer, para qual cliente, quem é o responsável e o prazo. Ctrl+Enter analisa.</Field.HelperText>
          </Field.Root>
          <HStack justify="flex-end">
            <Button
              colorPalette="brand"
              variant={result && !stale ? 'outline' : 'solid'}
              onClick={() => void analyse()}
              loading={analysing}
              loadingText="Analisando..."
            >
              <WandSparkles /> Analisar
            </Button>
          </HStack>

          {stale && (
            <Alert.Root status="warning" size="sm" data-testid="ai-stale">
              <Alert.Indicator />
              <Alert.Title>
                O texto mudou depois da análise. Clique em Analisar para atualizar a sugestão antes de criar a tarefa.
              </Alert.Title>
            </Alert.Root>
          )}
          {result && draft && preview && (
            <Stack gap="4" opacity={stale ? 0.5 : 1} aria-disabled={stale || undefined}>
              <AiSuggestionPanel
                preview={preview}
                draft={draft}
                onDraftChange={setDraft}
                editing={editing}
                onToggleEditing={() => setEditing((e) => !e)}
                clients={clients}
                users={users}
              />
              <Field.Root required>
                <Field.Label>Lista de destino</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    name="columnId"
                    aria-label="Lista de destino"
                    value={columnId === null ? '' : String(columnId)}
                    onChange={(e) => setChosenColumn(e.target.value ? Number(e.target.value) : null)}
                  >
                    {sortedColumns.length === 0 && <option value="">Nenhuma lista disponível</option>}
                    <IdOptions items={sortedColumns} />
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <AiNotes suggestions={result.suggestions} warnings={result.warnings} />
              {canSeeAiDebug(user) && result.debug && <AiDebugPanel debug={result.debug} />}
            </Stack>
          )}
          {!result && (
            <Text textStyle="sm" color="fg.muted">
              A IA identifica título, responsáveis, cliente e prazo; você revisa a sugestão antes de criar a tarefa.
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button colorPalette="brand" onClick={() => void create()} disabled={!preview || stale} loading={creating} loadingText="Criando...">
          Criar Tarefa
        </Button>
      </Dialog.Footer>
    </>
  );
}
