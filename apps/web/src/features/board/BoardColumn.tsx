import { Badge, Box, Button, Flex, HStack, IconButton, Input, Popover, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { COLUMN_NAME_MAX, COLUMN_PALETTE, isCompletedColumnName, type Column, type Task } from '@wkflow/contracts';
import { Check, Palette, Plus, Trash2 } from 'lucide-react';
import { memo, useRef, useState, type UIEvent } from 'react';
import { useDrop } from 'react-dnd';
import { CARD_TYPE, TaskCard, taskCardCss, type CardDragItem } from '../tasks/TaskCard';
import { canEditTask } from '../tasks/tasks.logic';
import { CARDS_PER_PAGE, nearEnd } from './board.logic';

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
  onDrop: (taskId: number, column: Column, visibleCount: number) => void;
  onRename: (column: Column, name: string) => void;
  onRecolor: (column: Column, color: string) => void;
  onDelete: (column: Column) => void;
}

/** One list of the board: header (count, add button, admin tools), its cards (rendered in pages), a drop target. */
export const BoardColumn = memo(function BoardColumn(props: BoardColumnProps) {
  const { column, tasks, isAdmin, canCreate, rights, clients, people, onOpen, onAdd, onDrop } = props;
  const completed = isCompletedColumnName(column.name);
  const [limit, setLimit] = useState(CARDS_PER_PAGE);

  const [{ over }, drop] = useDrop<CardDragItem, unknown, { over: boolean }>(
    () => ({
      accept: CARD_TYPE,
      canDrop: (item) => item.columnId !== column.id,
      drop: (item) => {
        onDrop(item.id, column, tasks.length);
      },
      collect: (monitor) => ({ over: monitor.isOver() && monitor.canDrop() }),
    }),
    [column, tasks.length, onDrop],
  );

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (limit < tasks.length && nearEnd(el.scrollTop, el.clientHeight, el.scrollHeight)) setLimit((l) => l + CARDS_PER_PAGE);
  };

  return (
    <Stack
      ref={drop as unknown as React.Ref<HTMLDivElement>}
      w="72"
      flexShrink={0}
      bg={completed ? 'green.subtle' : 'bg.muted'}
      borderWidth="1px"
      borderColor={over ? 'brand.solid' : completed ? 'green.muted' : 'border.muted'}
      outline={over ? '2px solid' : undefined}
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
      <Stack gap="2" overflowY="auto" px="0.5" pb="1" onScroll={onScroll} css={taskCardCss} data-testid="column-cards">
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

/** The 8-colour palette (core.md §9). */
function ColorPicker({ column, onPick }: { column: Column; onPick: (column: Column, color: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton aria-label={`Cor da lista ${column.name}`} title="Cor da lista" size="2xs" variant="ghost">
          <Palette />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="auto">
            <Popover.Body p="3">
              <Text textStyle="xs" fontWeight="semibold" color="fg.muted" mb="2">
                Cor da lista
              </Text>
              <SimpleGrid columns={4} gap="2">
                {COLUMN_PALETTE.map((c) => {
                  const current = c.value.toLowerCase() === column.color.toLowerCase();
                  return (
                    <Box
                      key={c.value}
                      as="button"
                      aria-label={c.name}
                      title={c.name}
                      boxSize="7"
                      rounded="md"
                      bg={c.value}
                      color="white"
                      display="grid"
                      placeItems="center"
                      outline={current ? '2px solid' : undefined}
                      outlineColor="fg"
                      outlineOffset="1px"
                      onClick={() => {
                        setOpen(false);
                        if (!current) onPick(column, c.value);
                      }}
                    >
                      {current && <Check size={14} />}
                    </Box>
                  );
                })}
              </SimpleGrid>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
