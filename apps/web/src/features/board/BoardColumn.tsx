import { Badge, Box, Flex, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { COLUMN_NAME_MAX, isCompletedColumnName, type Column, type Task } from '@wkflow/contracts';
import { GripVertical, Plus, Trash2 } from 'lucide-react';
import { memo, useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useDrag, useDragLayer, useDrop } from 'react-dnd';
import { Virtualizer, type VirtualizerHandle } from 'virtua';
import { CARD_TYPE, TaskCard, taskCardCss, type CardDragItem } from '../tasks/TaskCard';
import { canEditTask } from '../tasks/tasks.logic';
import { slotAt, WINDOW_FROM } from './board.logic';
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
  /** 'Mover para…' on one of its cards. */
  onMove: (taskId: number) => void;
  /** A card of this column to bring into view and focus (after 'Mover para…'), then `onFocused`. */
  focusTaskId: number | null;
  onFocused: () => void;
  onAdd: (column: Column) => void;
  /** A card dropped in the gap `slot` (0: before the first) among the column's cards. */
  onDrop: (taskId: number, column: Column, shown: Task[], slot: number) => void;
  /** A column dropped before or after this one. */
  onReorder: (columnId: number, target: Column, before: boolean) => void;
  /** This column moved one place left (-1) or right (1) from the keyboard. */
  onStep: (column: Column, step: -1 | 1) => void;
  onRename: (column: Column, name: string) => void;
  onRecolor: (column: Column, color: string) => void;
  onDelete: (column: Column) => void;
}

/** Estimated height of a card before it is measured (a card with a 2-line description), and the gap between cards. */
const CARD_ESTIMATE = 138;
const CARD_GAP = 8;
/** Thickness of the line showing where a dragged card will land. */
const DROP_LINE = 3;

/**
 * One list of the board: header (count, add button, admin tools), its cards, a drop target. A long
 * list renders only the cards in view (windowing); the focused card and its neighbours stay rendered,
 * so Tab and Shift+Tab go from card to card (the browser scrolls the next one into view), and so does
 * a dragged card.
 */
export const BoardColumn = memo(function BoardColumn(props: BoardColumnProps) {
  const { column, tasks, isAdmin, canCreate, rights, clients, people, onOpen, onMove, onAdd, onDrop, onReorder, onStep } = props;
  const { focusTaskId, onFocused } = props;
  const completed = isCompletedColumnName(column.name);
  const cardsRef = useRef<HTMLDivElement>(null);
  const virtual = useRef<VirtualizerHandle>(null);
  const windowed = tasks.length > WINDOW_FROM;
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const focusedAt = focusedId === null ? -1 : tasks.findIndex((t) => t.id === focusedId);
  // The dragged card stays mounted too: its drag ends on its own element.
  const draggedId = useDragLayer((monitor) =>
    monitor.isDragging() && monitor.getItemType() === CARD_TYPE ? (monitor.getItem<CardDragItem>().id ?? null) : null,
  );
  const draggedAt = windowed && draggedId !== null ? tasks.findIndex((t) => t.id === draggedId) : -1;
  const keepMounted = useMemo(() => {
    const keep = focusedAt === -1 ? [] : [focusedAt - 1, focusedAt, focusedAt + 1];
    if (draggedAt !== -1 && !keep.includes(draggedAt)) keep.push(draggedAt);
    return keep.filter((i) => i >= 0 && i < tasks.length).sort((a, b) => a - b);
  }, [focusedAt, draggedAt, tasks.length]);
  const onFocusCard = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('.wk-row');
    if (!row) return;
    setFocusedId(Number(row.dataset.taskId));
    // The browser shows the button the keyboard focused; show its whole card. (Not on a click or a tap:
    // scrolling under the pointer between press and release would send the click elsewhere.)
    if ((event.target as HTMLElement).matches(':focus-visible')) row.querySelector('.wk-card')?.scrollIntoView({ block: 'nearest' });
  };

  // After 'Mover para…': bring the card into view (rendering it in a long list) and focus it.
  useEffect(() => {
    if (focusTaskId === null) return;
    const index = tasks.findIndex((t) => t.id === focusTaskId);
    if (index === -1) return;
    setFocusedId(focusTaskId);
    virtual.current?.scrollToIndex(index, { align: 'nearest' });
    const frame = requestAnimationFrame(() => {
      cardsRef.current?.querySelector<HTMLElement>(`[data-task-id="${focusTaskId}"] .wk-card__open`)?.focus();
      onFocused();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusTaskId, tasks, onFocused]);
  const columnRef = useRef<HTMLDivElement | null>(null);
  // The grip keeps the focus through a keyboard move (moving its list in the page can take it away).
  const gripRef = useRef<HTMLButtonElement | null>(null);
  const gripFocus = useRef(false);
  useEffect(() => {
    if (!gripFocus.current) return;
    gripFocus.current = false;
    if (document.activeElement !== gripRef.current) gripRef.current?.focus();
  }, [column.position]);
  // Where a dragged card would land: the gap and the line's offset in the scrolled list.
  const [gap, setGap] = useState<{ slot: number; top: number } | null>(null);

  /** The gap under the pointer among the rendered cards, and where to draw it. */
  const gapAt = (y: number): { slot: number; top: number } => {
    const list = cardsRef.current;
    if (!list) return { slot: 0, top: 0 };
    const rows = [...list.querySelectorAll<HTMLElement>('.wk-row')];
    const cards = rows.map((el) => el.getBoundingClientRect());
    const at = slotAt(y, cards);
    // Rendered rows carry their index in the whole list (a long list renders only some).
    const index = (i: number) => Number(rows[i].dataset.index);
    const slot = at < rows.length ? index(at) : rows.length ? index(rows.length - 1) + 1 : 0;
    const box = list.getBoundingClientRect();
    const edge = at < cards.length ? cards[at].top - 5 : cards.length ? cards[cards.length - 1].bottom + 3 : box.top + 4;
    // Kept inside the list's visible part: above its first card it would be scrolled out of sight.
    const top = Math.min(Math.max(edge - box.top, 0), list.clientHeight - DROP_LINE) + list.scrollTop;
    return { slot, top };
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

  const card = (task: Task) => (
    <TaskCard
      task={task}
      completed={completed}
      movable={canEditTask(task, rights.userId, rights)}
      client={clients.get(task.clientId)}
      people={people}
      onOpen={onOpen}
      onMove={onMove}
    />
  );

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
            as="button"
            ref={(node: HTMLButtonElement | null) => {
              gripRef.current = node;
              dragColumn(node);
            }}
            // Dragged with a mouse or a finger; moved one place by the arrow keys (the board announces it).
            aria-label={`Mover lista ${column.name}`}
            title="Arraste, ou use as setas ← e →, para mover a lista"
            onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
              const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
              if (!step) return;
              event.preventDefault();
              gripFocus.current = true;
              onStep(column, step);
            }}
            cursor="grab"
            color="fg.muted"
            flexShrink={0}
            mr="-1"
            p="0.5"
            rounded="sm"
            _hover={{ color: 'fg' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
            data-testid="column-handle"
          >
            <GripVertical size={14} aria-hidden="true" />
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
        overflowAnchor="none"
        onFocus={onFocusCard}
        css={taskCardCss}
        data-testid="column-cards"
        data-windowed={windowed || undefined}
      >
        {over && gap && (
          <Box
            position="absolute"
            left="0"
            right="0"
            top={`${gap.top}px`}
            h={`${DROP_LINE}px`}
            rounded="full"
            bg="brand.solid"
            pointerEvents="none"
            zIndex="1"
            data-testid="drop-gap"
          />
        )}
        {tasks.length === 0 && (
          <Text textStyle="sm" color="fg.muted" textAlign="center" py="6">
            Nenhuma tarefa nesta coluna
          </Text>
        )}
        {windowed ? (
          <div style={{ flexShrink: 0 }}>
            <Virtualizer ref={virtual} scrollRef={cardsRef} data={tasks} keepMounted={keepMounted} itemSize={CARD_ESTIMATE}>
              {(task, index) => (
                // The padding is the gap between cards (the list places its rows itself).
                <div key={task.id} className="wk-row" data-index={index} data-task-id={task.id} style={{ paddingBottom: CARD_GAP }}>
                  {card(task)}
                </div>
              )}
            </Virtualizer>
          </div>
        ) : (
          tasks.map((task, index) => (
            <div key={task.id} className="wk-row" data-index={index} data-task-id={task.id}>
              {card(task)}
            </div>
          ))
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
