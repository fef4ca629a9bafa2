import { Box, Button, Field, Grid, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import type { AiTaskSuggestion } from '@wkflow/contracts';
import { Eye, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { MemberChecklist } from '../tasks/MemberChecklist';
import { previewFields, type AiDraft } from './ai.logic';
import { ConfidenceBadge } from './ConfidenceBadge';
import { IdOptions } from '../../components/IdOptions';

interface Named {
  id: number;
  name: string;
}

interface AiSuggestionPanelProps {
  /** The suggestion with the draft applied (what will be created). */
  preview: AiTaskSuggestion;
  draft: AiDraft;
  onDraftChange: (draft: AiDraft) => void;
  editing: boolean;
  onToggleEditing: () => void;
  clients: readonly Named[];
  users: readonly Named[];
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Grid templateColumns={{ base: '1fr', sm: '8.5rem 1fr' }} gap={{ base: '0.5', sm: '3' }} alignItems="baseline">
      <Text textStyle="sm" color="fg.muted" fontWeight="medium">
        {label}
      </Text>
      <Box textStyle="sm" data-testid={testId} minW="0" wordBreak="break-word">
        {children}
      </Box>
    </Grid>
  );
}

/** The result preview: 'Visualizar' shows the suggestion, 'Editar' lets every field be changed. */
export function AiSuggestionPanel({ preview, draft, onDraftChange, editing, onToggleEditing, clients, users }: AiSuggestionPanelProps) {
  const fields = previewFields(preview);
  const set = (patch: Partial<AiDraft>) => onDraftChange({ ...draft, ...patch });
  // The suggested client stays selectable even when the client list cannot be read.
  const clientOptions =
    preview.clientId !== null && !clients.some((c) => c.id === preview.clientId) && preview.clientName
      ? [{ id: preview.clientId, name: preview.clientName }, ...clients]
      : clients;

  return (
    <Stack gap="4" rounded="lg" borderWidth="1px" borderColor="border.muted" p="4" bg="bg" data-testid="ai-result">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">Sugestão da IA</Text>
          <ConfidenceBadge confidence={preview.confidence} />
        </HStack>
        <Button size="xs" variant="outline" onClick={onToggleEditing} data-testid="ai-toggle-edit">
          {editing ? <Eye /> : <Pencil />}
          {editing ? 'Visualizar' : 'Editar'}
        </Button>
      </HStack>

      {!editing ? (
        <Stack gap="2.5">
          <Row label="Título" testId="ai-title">
            <Text fontWeight="semibold">{fields.title}</Text>
          </Row>
          <Row label="Responsáveis" testId="ai-assignees">
            {fields.assignees}
          </Row>
          <Row label="Cliente" testId="ai-client">
            {fields.client}
          </Row>
          <Row label="Prazo" testId="ai-deadline">
            {fields.deadline}
          </Row>
          <Row label="Descrição" testId="ai-description">
            <Text whiteSpace="pre-wrap">{fields.description}</Text>
          </Row>
        </Stack>
      ) : (
        <Stack gap="3">
          <Field.Root required>
            <Field.Label>Título</Field.Label>
            <Input size="sm" name="title" value={draft.title} maxLength={200} onChange={(e) => set({ title: e.target.value })} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Descrição</Field.Label>
            <Textarea
              size="sm"
              name="description"
              minH="120px"
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </Field.Root>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
            <Field.Root required>
              <Field.Label>Cliente</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  name="clientId"
                  value={draft.clientId === null ? '' : String(draft.clientId)}
                  onChange={(e) => set({ clientId: e.target.value ? Number(e.target.value) : null })}
                >
                  <option value="">Selecionar Cliente *</option>
                  <IdOptions items={clientOptions} />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root required>
              <Field.Label>Prazo</Field.Label>
              <Input
                size="sm"
                name="deadline"
                type="datetime-local"
                step={60}
                value={draft.deadline}
                onChange={(e) => set({ deadline: e.target.value })}
              />
            </Field.Root>
          </Grid>
          <MemberChecklist users={users} value={draft.assignedTo} onChange={(assignedTo) => set({ assignedTo })} maxH="44" />
        </Stack>
      )}
    </Stack>
  );
}
