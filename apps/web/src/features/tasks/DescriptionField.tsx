import { Box, Button, Field, Flex, HStack, Text, Textarea } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import { TASK_DESCRIPTION_MAX } from '@wkflow/contracts';
import { useField } from 'formik';
import { useEffect, useState } from 'react';
import { LinkifiedText } from './LinkifiedText';

interface DescriptionFieldProps {
  /** Create mode edits the form value directly; edit mode is click-to-edit. */
  clickToEdit: boolean;
  readOnly: boolean;
  /** Edit mode: saves the confirmed text (resolves false when the save failed). */
  onConfirm?: (description: string) => Promise<boolean>;
  /** Edit mode: told whether an edit with changed text is open (the dialog asks before closing over it). */
  onPendingChange?: (pending: boolean) => void;
}

/**
 * The task description (core.md §2, §4): in edit mode a view that shows URLs as links; clicking
 * it opens a text area where Confirmar saves and Cancelar restores the original. The text being
 * edited is the form's `description` value itself, so the dialog's main submit ('Atualizar
 * Tarefa') saves it too: nothing typed is dropped silently.
 */
export function DescriptionField({ clickToEdit, readOnly, onConfirm, onPendingChange }: DescriptionFieldProps) {
  const [field, meta, helpers] = useField<string>('description');
  const [editing, setEditing] = useState(false);
  /** The text before editing started (what Cancelar restores). */
  const [original, setOriginal] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const invalid = Boolean(meta.touched && meta.error);
  const pending = clickToEdit && editing && field.value !== original;
  useEffect(() => {
    onPendingChange?.(pending);
  }, [pending, onPendingChange]);

  if (!clickToEdit) {
    return (
      // The root's id is the textarea's id and its label's `for`.
      <Field.Root id="field-description" invalid={invalid} required>
        <Field.Label>
          Descrição <Field.RequiredIndicator />
        </Field.Label>
        <Textarea {...field} minH="120px" maxLength={TASK_DESCRIPTION_MAX} placeholder="Adicione uma descrição mais detalhada..." />
        {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
      </Field.Root>
    );
  }

  const start = () => {
    if (readOnly) return;
    setOriginal(field.value);
    setDraftError(null);
    setEditing(true);
  };
  const cancel = () => {
    void helpers.setValue(original);
    setEditing(false);
    setDraftError(null);
  };
  const confirm = async () => {
    const text = field.value.trim();
    if (!text) {
      setDraftError('Descrição é obrigatória');
      return;
    }
    if (text === original.trim()) {
      await helpers.setValue(original);
      setEditing(false);
      return;
    }
    setSaving(true);
    const ok = onConfirm ? await onConfirm(text) : true;
    setSaving(false);
    if (ok) {
      await helpers.setValue(text);
      setEditing(false);
    }
  };

  return (
    // While editing, the label names the text area (the root's id is the control's). While viewing there is no
    // control to label: the title is plain text beside an 'Editar descrição' button that the text describes,
    // and a click on the text itself (not on a link in it) opens the editor too.
    <Field.Root id="field-description" invalid={Boolean(draftError) || invalid}>
      {editing ? (
        <Field.Label>Descrição</Field.Label>
      ) : (
        <Flex w="full" align="center" justify="space-between" gap="2">
          <Text as="span" textStyle="sm" fontWeight="medium">
            Descrição
          </Text>
          {!readOnly && (
            <Button size="2xs" variant="ghost" onClick={start} aria-describedby="task-description-text" data-testid="edit-description">
              <Pencil /> Editar descrição
            </Button>
          )}
        </Flex>
      )}
      {editing ? (
        <Box w="full">
          <Textarea
            {...field}
            onChange={(e) => {
              setDraftError(null);
              field.onChange(e);
            }}
            minH="120px"
            autoFocus
            maxLength={TASK_DESCRIPTION_MAX}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                cancel();
              }
            }}
          />
          {(draftError || invalid) && <Field.ErrorText>{draftError ?? meta.error}</Field.ErrorText>}
          <HStack mt="2" gap="2">
            <Button size="sm" colorPalette="brand" onClick={() => void confirm()} loading={saving}>
              Confirmar
            </Button>
            <Button size="sm" variant="ghost" onClick={cancel} disabled={saving}>
              Cancelar
            </Button>
          </HStack>
        </Box>
      ) : (
        <Box
          w="full"
          minH="120px"
          p="3"
          rounded="md"
          bg="bg.muted"
          cursor={readOnly ? undefined : 'text'}
          onClick={(e) => {
            if (!(e.target instanceof Element && e.target.closest('a'))) start();
          }}
          _hover={readOnly ? undefined : { bg: 'bg.emphasized' }}
          data-testid="task-description"
        >
          <Box id="task-description-text">
            {field.value ? (
              <LinkifiedText text={field.value} textStyle="sm" />
            ) : (
              <Text color="fg.muted">Adicione uma descrição mais detalhada...</Text>
            )}
          </Box>
        </Box>
      )}
      {invalid && !editing && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
