import { Dialog, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { Column, Task } from '@wkflow/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { DialogFrame } from '../../components/DialogFrame';
import { FormDialogFooter } from '../../components/FormDialog';
import { movePlaces, moveTargets, placeAt } from './board.logic';

interface MoveDialogProps {
  /** The card being moved; null closes the dialog. */
  task: Task | null;
  columns: readonly Column[];
  /** Each column's cards as the board shows them, in order. */
  shown: ReadonlyMap<number, readonly Task[]>;
  /** The board's move (the same optimistic path a drop takes), with the place chosen among `of` for the announcement. */
  onMove: (taskId: number, column: Column, position: number, place: { at: number; of: number }) => void;
  onClose: () => void;
  /** Where focus goes when it closes: the card. */
  finalFocus: () => HTMLElement | null;
}

const NO_CARDS: readonly Task[] = [];

/**
 * 'Mover para…': a card's list and place chosen with the keyboard or on a phone, where a drag is
 * out of reach. Places count the cards the board shows, like a drop between two of them.
 */
export function MoveDialog({ task, columns, shown, onMove, onClose, finalFocus }: MoveDialogProps) {
  return (
    <DialogFrame
      open={task !== null}
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      rootProps={{ finalFocusEl: finalFocus }}
      contentProps={{ 'data-testid': 'move-dialog' } as Dialog.ContentProps}
    >
      {task && <MoveForm key={task.id} task={task} columns={columns} shown={shown} onMove={onMove} onClose={onClose} />}
    </DialogFrame>
  );
}

function MoveForm({ task, columns, shown, onMove, onClose }: Omit<MoveDialogProps, 'task' | 'finalFocus'> & { task: Task }) {
  const from = columns.find((c) => c.id === task.columnId);
  const targets = useMemo(() => moveTargets(columns, from), [columns, from]);
  const [columnId, setColumnId] = useState(() => (targets.some((c) => c.id === task.columnId) ? task.columnId : (targets[0]?.id ?? 0)));
  const cards = shown.get(columnId) ?? NO_CARDS;
  const places = movePlaces(task.id, cards);
  // A number field, not one option per place: a long list has hundreds of places.
  const [place, setPlace] = useState(String(places.initial));

  const pickColumn = (id: number) => {
    setColumnId(id);
    setPlace(String(movePlaces(task.id, shown.get(id) ?? NO_CARDS).initial));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const column = targets.find((c) => c.id === columnId);
    const others = cards.filter((t) => t.id !== task.id);
    const chosen = Math.min(Math.max(1, Math.trunc(Number(place)) || places.initial), places.count);
    const position = column ? placeAt(task, column, others, chosen - 1) : null;
    if (column && position !== null) onMove(task.id, column, position, { at: chosen, of: places.count });
    onClose();
  };

  return (
    <form onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Mover para…</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Dialog.Description asChild>
            <Text color="fg.muted" lineClamp={2}>
              {task.title}
            </Text>
          </Dialog.Description>
          <Field.Root>
            <Field.Label>Coluna</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={columnId} onChange={(e) => pickColumn(Number(e.target.value))} data-testid="move-column">
                {targets.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required>
            <Field.Label>Posição</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={places.count}
              step={1}
              value={place}
              onChange={(e) => setPlace(e.target.value)}
              onFocus={(e) => e.target.select()}
              data-testid="move-position"
            />
            <Field.HelperText>{places.count === 1 ? 'Única posição: 1' : `De 1 (topo) a ${places.count} (fim)`}</Field.HelperText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel="Mover" submittingLabel="Movendo…" submitting={false} />
    </form>
  );
}
