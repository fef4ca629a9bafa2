import { Button, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { COLUMN_NAME_MAX } from '@wkflow/contracts';
import { Plus, X } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { columnNameToSend } from './board.logic';

/**
 * The admin's last tile 'Adicionar outra lista': a non-blank title creates the list (the server puts it
 * before 'concluídos'); the composer stays open, empty and focused, for the next list.
 */
export function AddColumnTile({ onCreate }: { onCreate: (name: string) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const value = columnNameToSend(name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value || busy) return;
    setBusy(true);
    const ok = await onCreate(value);
    setBusy(false);
    if (ok) {
      setName('');
      input.current?.focus();
    }
  }

  if (!open) {
    return (
      <Button
        w="72"
        flexShrink={0}
        variant="outline"
        borderStyle="dashed"
        color="fg.muted"
        justifyContent="flex-start"
        bg="bg.subtle"
        onClick={() => setOpen(true)}
        data-testid="add-column"
      >
        <Plus /> Adicionar outra lista
      </Button>
    );
  }
  return (
    <Stack
      as="form"
      onSubmit={submit}
      w="72"
      flexShrink={0}
      bg="bg.muted"
      borderWidth="1px"
      borderColor="border.muted"
      rounded="lg"
      p="2"
      gap="2"
      alignSelf="flex-start"
    >
      <Input
        ref={input}
        size="sm"
        bg="bg"
        autoFocus
        placeholder="Título da lista"
        aria-label="Título da lista"
        value={name}
        maxLength={COLUMN_NAME_MAX}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setName('');
            setOpen(false);
          }
        }}
      />
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette="brand" disabled={!value} loading={busy}>
          Adicionar lista
        </Button>
        <IconButton
          aria-label="Cancelar"
          size="sm"
          variant="ghost"
          onClick={() => {
            setName('');
            setOpen(false);
          }}
        >
          <X />
        </IconButton>
      </HStack>
    </Stack>
  );
}
