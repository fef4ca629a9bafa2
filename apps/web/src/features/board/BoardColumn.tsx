import { Badge, Box, Button, Flex, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { COLUMN_NAME_MAX, isCompletedColumnName, type Column, type Task } from '@wkflow/contracts';
import { GripVertical, Plus, Trash2 } from 'lucide-react';
import { memo, useRef, useState, type UIEvent } from 'react';
import { useDrag, useDrop } from 'react-dnd';
import { CARD_TYPE, TaskCard, taskCardCss, type CardDragItem } from '../tasks/TaskCard';
import { canEditTask } from '../tasks/tasks.logic';
import { CARDS_PER_PAGE, nearEnd, slotAt } from './board.logic';
import { ColorPicker } from './ColumnColorPicker';

/** react-dnd item type of a column (admins drag columns by their handle to reorder them). */
export const COLUMN_TYPE = 'board-column';
interface ColumnDragItem {
  type: typeof COLUMN_TYPE;
  id: number;
}
type DragItem = (CardDragItem & { type?: undefined }) | ColumnDragItem;

export interface EditRights {
  userId: number | undefined;
  editAll: boolean;
  editAssigned: boolean;
}

interface BoardColumnProps {
  column: Column;
  /** The column's visible tasks, in position order. */
  tasks: Task[];
  isAdmin: boolean;
  canCreate: boolean;
  rights: EditRights;
  clients: ReadonlyMap<number, { name: string; color: string }>;
  people: ReadonlyMap<number, { id: number; name: string }>;
  onOpen: (taskId: number) => void;
  onAdd: (column: Column) => void;
  /** A card dropped in the gap `slot` (0: before the first) among the column's cards. */
  onDrop: (taskId: number, column: Column, shown: Task[], slot: number) => void;
  /** A column dropped before or after this one. */
  onReorder: (columnId: number, target: Column, before: boolean) => void;
  onRename: (column: Column, name: string) => void;
  onRecolor: (column: Column, color: string) => void;
  onDelete: (column: Column) => void;
}

/** One list of the board: header (count, add button, admin tools), its cards (rendered in pages), a drop target. */
export const BoardColumn = memo(function BoardColumn(props: BoardColumnProps) {
  const { column, tasks, isAdmin, canCreate, rights, clients, people, onOpen, onAdd, onDrop, onReorder } = props;
  const completed = isCompletedColumnName(column.name);
  const [limit, setLimit] = useState(CARDS_PER_PAGE);
  const cardsRef = useRef<HTMLDivElement>(null);
  const columnRef = useRef<HTMLDivElement | null>(null);
  // Where a dragged card would land: the gap and the line's offset in the scrolled list.
  const [gap, setGap] = useState<{ slot: number; top: number } | null>(null);

  /** The gap under the pointer among the rendered cards, and where to draw it. */
  const gapAt = (y: number): { slot: number; top: number } => {
    const list = cardsRef.current;
    if (!list) return { slot: 0, top: 0 };
    const cards = [...list.querySelectorAll<HTMLElement>(':scope > .wk-card')].map((el) => el.getBoundingClientRect());
    const slot = slotAt(y, cards);
    const box = list.getBoundingClientRect();
    const edge = slot < cards.length ? cards[slot].top - 5 : cards.length ? cards[cards.length - 1].bottom + 3 : box.top + 4;
    return { slot, top: edge - box.top + list.scrollTop };
  };

  const [{ over, overColumn }, drop] = useDrop<DragItem, unknown, { over: boolean; overColumn: boolean }>(
    () => ({
      accept: [CARD_TYPE, COLUMN_TYPE],
      canDrop: (item) => item.type !== COLUMN_TYPE || item.id !== column.id,
      hover: (item, monitor) => {
        const point = monitor.getClientOffset();
        if (item.type === COLUMN_TYPE || !point || !monitor.isOver({ shallow: true })) return;
        const next = gapAt(point.y);
        setGap((current) => (current?.slot === next.slot && current.top === next.top ? current : next));
      },
      drop: (item, monitor) => {
        setGap(null);
        const point = monitor.getClientOffset();
        if (item.type === COLUMN_TYPE) {
          const box = columnRef.current?.getBoundingClientRect();
          onReorder(item.id, column, !box || !point || point.x < box.left + box.width / 2);
          return;
        }
        onDrop(item.id, column, tasks, point ? gapAt(point.y).slot : tasks.length);
      },
      collect: (monitor) => ({
        over: monitor.isOver() && monitor.canDrop() && monitor.getItemType() === CARD_TYPE,
        overColumn: monitor.isOver() && monitor.canDrop() && monitor.getItemType() === COLUMN_TYPE,
      }),
    }),
    [column, tasks, onDrop, onReorder],
  );
  if (!over && gap) setGap(null);

  const [{ draggingColumn }, dragColumn, previewColumn] = useDrag<ColumnDragItem, unknown, { draggingColumn: boolean }>(
    () => ({
      type: COLUMN_TYPE,
      item: { type: COLUMN_TYPE, id: column.id },
      canDrag: () => isAdmin,
      collect: (monitor) => ({ draggingColumn: monitor.isDragging() }),
    }),
    [column.id, isAdmin],
  );

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (limit < tasks.length && nearEnd(el.scrollTop, el.clientHeight, el.scrollHeight)) setLimit((l) => l + CARDS_PER_PAGE);
  };

  return (
    <Stack
      ref={(node: HTMLDivElement | null) => {
        columnRef.current = node;
        drop(node);
        previewColumn(node);
      }}
      opacity={draggingColumn ? 0.5 : undefined}
      w="72"
      flexShrink={0}
      bg={completed ? 'green.subtle' : 'bg.muted'}
      borderWidth="1px"
      borderColor={over || overColumn ? 'brand.solid' : completed ? 'green.muted' : 'border.muted'}
      outline={over || overColumn ? '2px solid' : undefined}
      outlineColor="brand.solid"
      borderTopWidth="4px"
      borderTopColor={column.color}
      rounded="lg"
      p="2"
      gap="2"
      maxH={{ base: '70dvh', md: 'calc(100dvh - 250px)' }}
      minH="40"
      data-testid={`column-${column.id}`}
      data-column-name={column.name}
    >
      <Flex align="center" justify="space-between" gap="1" px="1" minH="8">
        {isAdmin && (
          <Box
            ref={(node: HTMLDivElement | null) => {
              dragColumn(node);
            }}
            // A mouse and touch grip only: screen readers skip it (nothing to press there).
            aria-hidden="true"
            title={`Arraste para reordenar as listas (${column.name})`}
            cursor="grab"
            color="fg.muted"
            flexShrink={0}
            mr="-1"
            data-testid="column-handle"
          >
            <GripVertical size={14} />
          </Box>
        )}
        <ColumnName column={column} completed={completed} count={tasks.length} editable={isAdmin} onRename={props.onRename} />
        <HStack gap="0" flexShrink={0}>
          {canCreate && !column.isFixed && (
            <IconButton
              aria-label={`Nova tarefa em ${column.name}`}
              title="Nova tarefa nesta lista"
              size="2xs"
              variant="ghost"
              onClick={() => onAdd(column)}
            >
              <Plus />
            </IconButton>
          )}
          {isAdmin && <ColorPicker column={column} onPick={props.onRecolor} />}
          {isAdmin && !column.isFixed && (
            <IconButton
              aria-label={`Excluir a lista ${column.name}`}
              title="Excluir lista"
              size="2xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => props.onDelete(column)}
            >
              <Trash2 />
            </IconButton>
          )}
        </HStack>
      </Flex>
      <Stack
        ref={cardsRef}
        position="relative"
        gap="2"
        overflowY="auto"
        px="0.5"
        pb="1"
        onScroll={onScroll}
        css={taskCardCss}
        data-testid="column-cards"
      >
        {over && gap && (
          <Box
            position="absolute"
            left="0"
            right="0"
            top={`${gap.top}px`}
            h="2px"
            rounded="full"
            bg="brand.solid"
            pointerEvents="none"
            data-testid="drop-gap"
          />
        )}
        {tasks.length === 0 && (
          <Text textStyle="sm" color="fg.muted" textAlign="center" py="6">
            Nenhuma tarefa nesta coluna
          </Text>
        )}
        {tasks.slice(0, limit).map((task) => (
          <TaskCard
            key={task.id}
            task={task}
            completed={completed}
            movable={canEditTask(task, rights.userId, rights)}
            client={clients.get(task.clientId)}
            people={people}
            onOpen={onOpen}
          />
        ))}
        {tasks.length > limit && (
          <Button size="xs" variant="ghost" flexShrink={0} onClick={() => setLimit((l) => l + CARDS_PER_PAGE)}>
            Mostrar mais ({tasks.length - limit})
          </Button>
        )}
      </Stack>
    </Stack>
  );
});

/** The column title with its count; admins click it to rename (Escape cancels; Enter or blur saves a changed, non-empty name). */
function ColumnName({
  column,
  completed,
  count,
  editable,
  onRename,
}: {
  column: Column;
  completed: boolean;
  count: number;
  editable: boolean;
  onRename: (column: Column, name: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(column.name);
  const cancelled = useRef(false);

  const start = () => {
    if (!editable) return;
    cancelled.current = false;
    setName(column.name);
    setEditing(true);
  };
  const save = () => {
    if (cancelled.current) return;
    cancelled.current = true;
    setEditing(false);
    const next = name.trim();
    if (next && next !== column.name) onRename(column, next);
  };

  if (editing) {
    return (
      <Box
        as="form"
        flex="1"
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          save();
        }}
      >
        <Input
          size="xs"
          bg="bg"
          autoFocus
          value={name}
          maxLength={COLUMN_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              cancelled.current = true;
              setName(column.name);
              setEditing(false);
            }
          }}
          aria-label="Nome da lista"
        />
      </Box>
    );
  }
  return (
    <HStack gap="2" minW="0">
      {editable ? (
        <Box
          as="button"
          onClick={start}
          title="Clique para renomear"
          textAlign="left"
          minW="0"
          rounded="sm"
          _hover={{ bg: 'bg.emphasized' }}
          px="1"
          mx="-1"
        >
          <Text fontWeight="semibold" truncate color={completed ? 'green.fg' : undefined} data-testid="column-name">
            {column.name}
          </Text>
        </Box>
      ) : (
        <Text fontWeight="semibold" truncate color={completed ? 'green.fg' : undefined} data-testid="column-name">
          {column.name}
        </Text>
      )}
      <Badge size="sm" variant="subtle" colorPalette={completed ? 'green' : 'gray'} data-testid="column-count">
        {count}
      </Badge>
    </HStack>
  );
}
