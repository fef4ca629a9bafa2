import { Box, Button, Card, Center, Checkbox, Flex, HStack, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Archive, SlidersHorizontal, X } from 'lucide-react';
import {
  canEditAllTasks,
  canEditAssignedTasks,
  canViewAllTasks,
  isAdmin as isAdminUser,
  isCompletedColumnName,
  type Column,
  type Task,
} from '@wkflow/contracts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DndProvider } from 'react-dnd';
import { useSearchParams } from 'react-router';
import { NEW_PARAM } from '../../app/shellActions';
import { Sidebar } from './Sidebar';
import { useTaskSearch } from '../../app/useTaskSearch';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePermissions } from '../auth/usePermissions';
import { useClients } from '../clients/useClients';
import { moveTask } from '../tasks/tasks.api';
import type { TaskDialogTarget } from '../tasks/TaskDialog';
import { useColumns, useTasks, useTeam } from '../tasks/useTaskData';
import { useLinkedTask } from './useLinkedTask';
import { hiddenMatchesText } from './search.logic';
import { AddColumnTile } from './AddColumnTile';
import { BoardColumn, type EditRights } from './BoardColumn';
import {
  backlogColumn,
  cardMovedText,
  CLIENT_PARAM,
  columnMovedText,
  DEFAULT_FILTERS,
  dropPlace,
  FILTER_LABELS,
  idParam,
  keepUnchangedGroups,
  MEMBER_PARAM,
  reorderColumns,
  sortColumns,
  stepColumn,
  tasksByColumn,
  searchHiddenByFilters,
  visibleTasks,
  type BoardFilters,
} from './board.logic';
import { createColumn, deleteColumn, renameColumn, reorderColumnsOnServer, updateColumn } from './columns.api';
import { useDndBackend } from './useDndBackend';

// The dialog (and its forms code) loads when first opened, not with the board.
const TaskDialog = lazy(() => import('../tasks/TaskDialog').then((m) => ({ default: m.TaskDialog })));
// So does the 'Arquivadas' drawer.
const ArchivedDrawer = lazy(() => import('./ArchivedDrawer').then((m) => ({ default: m.ArchivedDrawer })));
// So does the column deletion confirmation (only admins delete lists).
const ConfirmDialog = lazy(() => import('../../components/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));
// So does the phone's filter sheet.
const BoardFilterSheet = lazy(() => import('./BoardFilterSheet').then((m) => ({ default: m.BoardFilterSheet })));
// Edge auto-scroll while dragging: wanted from the first drag on, not for the first paint.
const DragAutoScroll = lazy(() => import('./useDragAutoScroll'));
// And 'Mover para…'.
const MoveDialog = lazy(() => import('./MoveDialog').then((m) => ({ default: m.MoveDialog })));

const NO_TASKS: Task[] = [];
const NO_COLUMNS: Column[] = [];

/** The kanban board (routes / and /kanban, core.md §2) with the 'Projetos' sidebar on desktop. */
export default function BoardPage() {
  const { user } = useCurrentUser();
  const { can, subject } = usePermissions();
  if (!user) return null; // the route's gate waits for the user
  return (
    <Board
      userId={user.id}
      admin={isAdminUser(user)}
      subject={subject}
      canWrite={can('tasks', 'write')}
      canReadClients={can('clients', 'read')}
    />
  );
}

interface BoardProps {
  userId: number;
  admin: boolean;
  subject: ReturnType<typeof usePermissions>['subject'];
  canWrite: boolean;
  canReadClients: boolean;
}

function Board({ userId, admin, subject, canWrite, canReadClients }: BoardProps) {
  const tasksQuery = useTasks();
  const columnsQuery = useColumns();
  const clientsQuery = useClients(canReadClients);
  const teamQuery = useTeam();
  const tasks = tasksQuery.data ?? NO_TASKS;
  const columns = useMemo(() => sortColumns(columnsQuery.data ?? NO_COLUMNS), [columnsQuery.data]);
  const clients = useMemo(() => clientsQuery.data ?? [], [clientsQuery.data]);
  const team = useMemo(() => teamQuery.data ?? [], [teamQuery.data]);

  const [query, setQuery] = useTaskSearch();
  const [params, setParams] = useSearchParams();
  const viewAll = canViewAllTasks(subject);
  const scope = useMemo(
    () => ({ clientId: idParam(params.get(CLIENT_PARAM)), memberId: viewAll ? idParam(params.get(MEMBER_PARAM)) : null }),
    [params, viewAll],
  );
  const [filters, setFilters] = useState<BoardFilters>(DEFAULT_FILTERS);
  // A task's dialog is the address /kanban?task=<id> (docs/decisions.md); a new task's is state only.
  const [creating, setCreating] = useState<TaskDialogTarget | null>(null);
  const linked = useLinkedTask(params, setParams, tasks, tasksQuery.data !== undefined);
  const target = useMemo<TaskDialogTarget | null>(
    () => creating ?? (linked.ready ? { mode: 'edit', taskId: linked.taskId } : null),
    [creating, linked.ready, linked.taskId],
  );
  const [filterSheetOpen, setFilterSheetOpen] = useState(false);
  const [filterSheetUsed, setFilterSheetUsed] = useState(false);
  if (filterSheetOpen && !filterSheetUsed) setFilterSheetUsed(true);
  const [archivedOpen, setArchivedOpen] = useState(false);
  const [archivedUsed, setArchivedUsed] = useState(false);
  if (archivedOpen && !archivedUsed) setArchivedUsed(true);
  // Mounted from the first opening on, so later closings keep their animation.
  const [dialogUsed, setDialogUsed] = useState(false);
  if (target && !dialogUsed) setDialogUsed(true);
  const [deleting, setDeleting] = useState<Column | null>(null);
  const [confirmUsed, setConfirmUsed] = useState(false);
  if (deleting && !confirmUsed) setConfirmUsed(true);

  const rights = useMemo<EditRights>(
    () => ({ userId, editAll: canEditAllTasks(subject), editAssigned: canEditAssignedTasks(subject) }),
    [userId, subject],
  );
  const dialogRights = useMemo(() => ({ ...rights, canWrite }), [rights, canWrite]);
  const clientsById = useMemo(() => new Map(clients.map((c) => [c.id, c])), [clients]);
  const people = useMemo(() => new Map(team.map((u) => [u.id, u])), [team]);

  const names = useMemo(() => ({ clients: clientsById, people }), [clientsById, people]);
  const visible = useMemo(() => visibleTasks(tasks, columns, filters, query, scope, names), [tasks, columns, filters, query, scope, names]);
  const hiddenText = useMemo(
    () => hiddenMatchesText(searchHiddenByFilters(tasks, columns, filters, query, scope, names)),
    [tasks, columns, filters, query, scope, names],
  );
  const previousGroups = useRef<Map<number, Task[]> | null>(null);
  const grouped = useMemo(() => keepUnchangedGroups(previousGroups.current, tasksByColumn(visible)), [visible]);
  useEffect(() => {
    previousGroups.current = grouped;
  }, [grouped]);

  // The drop handler reads the latest board through a ref, so the memoised columns keep one callback.
  const latest = useRef({ tasks, columns, completedShown: filters.completed });
  useEffect(() => {
    latest.current = { tasks, columns, completedShown: filters.completed };
  }, [tasks, columns, filters.completed]);

  /** A card to `position` of `column`: a drop and 'Mover para…' both move through here. Resolves whether it was saved. */
  const move = useCallback((taskId: number, column: Column, position: number): Promise<boolean> => {
    const board = latest.current;
    const task = board.tasks.find((t) => t.id === taskId);
    const from = board.columns.find((c) => c.id === task?.columnId);
    return moveTask(taskId, column.id, position, column.name)
      .then(() => {
        // A completed card leaves the default board: say so, and offer the way back to where it was.
        if (!task || !from || !isCompletedColumnName(column.name) || isCompletedColumnName(from.name)) return true;
        const undo = {
          label: 'Desfazer',
          onClick: () =>
            void moveTask(taskId, from.id, task.position, from.name).catch((err: unknown) =>
              toast.error('Erro ao mover tarefa', errorMessage(err)),
            ),
        };
        if (latest.current.completedShown) {
          toast.success('Tarefa concluída', undefined, undo);
          return true;
        }
        // Hidden by the 'Concluídas' filter: the card does not just vanish; the toast says where it
        // went, stays until closed or 15 s, and shows the completed cards on request.
        toast.successWithActions('Tarefa concluída', `"${task.title}" foi para '${column.name}', oculta pelo filtro 'Concluídas'.`, [
          { label: 'Mostrar concluídas', onClick: () => setFilters((f) => ({ ...f, completed: true })) },
          undo,
        ]);
        return true;
      })
      .catch((err: unknown) => {
        toast.error('Erro ao mover tarefa', errorMessage(err));
        return false;
      });
  }, []);

  // The board's one polite live region: where a card or a list went after a keyboard move.
  const [announcement, setAnnouncement] = useState('');
  /** 'Mover para…': the move, then its place read out once saved. */
  const moveByKeyboard = useCallback(
    (taskId: number, column: Column, position: number, place: { at: number; of: number }) => {
      const title = latest.current.tasks.find((t) => t.id === taskId)?.title ?? 'Tarefa';
      void move(taskId, column, position).then((saved) => saved && setAnnouncement(cardMovedText(title, column.name, place.at, place.of)));
    },
    [move],
  );

  const onDrop = useCallback(
    (taskId: number, column: Column, shown: Task[], slot: number) => {
      const board = latest.current;
      const task = board.tasks.find((t) => t.id === taskId);
      const from = board.columns.find((c) => c.id === task?.columnId);
      const position = dropPlace(task, from, column, shown, slot);
      if (position !== null) void move(taskId, column, position);
    },
    [move],
  );

  // 'Mover para…': the card whose dialog is open, then the card to focus again when it closes.
  const [movingId, setMovingId] = useState<number | null>(null);
  const [moveUsed, setMoveUsed] = useState(false);
  if (movingId !== null && !moveUsed) setMoveUsed(true);
  const [focusTask, setFocusTask] = useState<number | null>(null);
  const onMove = useCallback((taskId: number) => setMovingId(taskId), []);
  const onFocused = useCallback(() => setFocusTask(null), []);
  const lastMoving = useRef<number | null>(null);
  const closeMove = useCallback(() => {
    lastMoving.current = movingId;
    setFocusTask(movingId);
    setMovingId(null);
  }, [movingId]);
  const cardButton = useCallback(() => document.querySelector<HTMLElement>(`[data-task-id="${lastMoving.current}"] .wk-card__open`), []);
  const movingTask = useMemo(() => (movingId === null ? null : (tasks.find((t) => t.id === movingId) ?? null)), [tasks, movingId]);
  const focusColumn = focusTask === null ? null : (tasks.find((t) => t.id === focusTask)?.columnId ?? null);
  const dnd = useDndBackend();
  const boardRef = useRef<HTMLDivElement>(null);

  const onReorder = useCallback((columnId: number, target: Column, before: boolean) => {
    const updates = reorderColumns(latest.current.columns, columnId, target.id, before);
    if (!updates) return;
    reorderColumnsOnServer(updates).catch((err: unknown) => toast.error('Erro ao reordenar colunas', errorMessage(err)));
  }, []);
  /** A list's grip with an arrow key: one place left or right, read out once saved. */
  const onStep = useCallback((column: Column, step: -1 | 1) => {
    const next = stepColumn(latest.current.columns, column.id, step);
    if (!next) return;
    reorderColumnsOnServer(next.updates)
      .then(() => setAnnouncement(columnMovedText(column.name, next.place, next.count)))
      .catch((err: unknown) => toast.error('Erro ao reordenar colunas', errorMessage(err)));
  }, []);

  const { open: openLinked, close: closeLinked } = linked;
  const onOpen = useCallback((taskId: number) => openLinked(taskId), [openLinked]);
  // A board filtered by a client creates that client's tasks: the dialog starts with it chosen.
  const scopeClientId = scope.clientId;
  const onAdd = useCallback(
    (column: Column) => setCreating({ mode: 'create', columnId: column.id, clientId: scopeClientId }),
    [scopeClientId],
  );
  const onClose = useCallback(() => {
    if (creating) setCreating(null);
    else closeLinked();
  }, [creating, closeLinked]);

  const onRename = useCallback((column: Column, name: string) => {
    renameColumn(column.id, name, (question) => window.confirm(question))
      .then((renamed) => renamed && toast.success('Lista Atualizada'))
      .catch((err: unknown) => toast.error('Erro ao Atualizar Lista', errorMessage(err)));
  }, []);
  const onRecolor = useCallback((column: Column, color: string) => {
    updateColumn(column.id, { color })
      .then(() => toast.success('Lista Atualizada'))
      .catch((err: unknown) => toast.error('Erro ao Atualizar Lista', errorMessage(err)));
  }, []);
  const onDelete = useCallback((column: Column) => setDeleting(column), []);

  const onCreateColumn = useCallback(
    async (name: string) => {
      try {
        await createColumn(name, columns.length + 1);
        toast.success('Lista Criada');
        return true;
      } catch (err) {
        toast.error('Erro ao Criar Lista', errorMessage(err));
        return false;
      }
    },
    [columns.length],
  );

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteColumn(deleting.id);
      toast.success('Lista Excluída');
    } catch (err) {
      toast.error('Erro ao Excluir Lista', errorMessage(err));
    }
  }

  // The header's 'Nova Tarefa' opens the board with ?new=task: the create dialog in the backlog.
  // (?new=ai belongs to the AI modal host.)
  const newAction = params.get(NEW_PARAM);
  const columnsReady = columnsQuery.data !== undefined || columnsQuery.error !== undefined;
  useEffect(() => {
    if (newAction !== 'task' || !columnsReady) return;
    if (canWrite) setCreating({ mode: 'create', columnId: backlogColumn(columns)?.id ?? null, clientId: scope.clientId });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(NEW_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [newAction, columnsReady, canWrite, columns, scope.clientId, setParams]);

  const clearParam = (name: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(name);
        return next;
      },
      { replace: true },
    );

  const loading = tasksQuery.isLoading || columnsQuery.isLoading;
  const loadError = tasksQuery.error ?? columnsQuery.error;
  const scopeClient = scope.clientId !== null ? (clientsById.get(scope.clientId)?.name ?? `#${scope.clientId}`) : null;
  const scopeMember = scope.memberId !== null ? (people.get(scope.memberId)?.name ?? `#${scope.memberId}`) : null;

  return (
    <Flex gap="6" align="flex-start">
      <Sidebar />
      <Box flex="1" minW="0">
        <PageHeader
          title="WKFlow"
          actions={
            <HStack gap="4" flexWrap="wrap">
              <HStack gap="4" flexWrap="wrap" role="group" aria-label="Filtros">
                {(Object.keys(FILTER_LABELS) as Array<keyof BoardFilters>).map((key) => (
                  <Checkbox.Root
                    key={key}
                    size="sm"
                    colorPalette={key === 'overdue' ? 'red' : key === 'completed' ? 'green' : 'brand'}
                    checked={filters[key]}
                    onCheckedChange={(e) => setFilters((f) => ({ ...f, [key]: e.checked === true }))}
                    data-testid={`filter-${key}`}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{FILTER_LABELS[key]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </HStack>
              {/* Below lg the sidebar is hidden: its client and member filters open in a sheet. */}
              <Button
                hideFrom="lg"
                size="xs"
                variant="outline"
                onClick={() => setFilterSheetOpen(true)}
                aria-haspopup="dialog"
                data-testid="open-filter-sheet"
              >
                <SlidersHorizontal /> Filtros
                {(scopeClient || scopeMember) && ` (${[scopeClient, scopeMember].filter(Boolean).length})`}
              </Button>
              <Button size="xs" variant="outline" onClick={() => setArchivedOpen(true)} data-testid="open-archived">
                <Archive /> Arquivadas
              </Button>
            </HStack>
          }
        />
        {(query || scopeClient || scopeMember) && (
          <HStack gap="2" mb="4" flexWrap="wrap" data-testid="active-filters">
            <Text textStyle="sm" color="fg.muted">
              Filtrando por:
            </Text>
            {query && <FilterTag label={`Busca: ${query}`} onClear={() => setQuery('')} />}
            {scopeClient && <FilterTag label={`Cliente: ${scopeClient}`} onClear={() => clearParam(CLIENT_PARAM)} />}
            {scopeMember && <FilterTag label={`Membro: ${scopeMember}`} onClear={() => clearParam(MEMBER_PARAM)} />}
            <Text textStyle="sm" color="fg.muted">
              · {visible.length} tarefa(s)
            </Text>
            {hiddenText && (
              <Text textStyle="sm" color="fg.muted" data-testid="hidden-matches">
                · {hiddenText}
              </Text>
            )}
          </HStack>
        )}

        {loading ? (
          <Center py="24">
            <Spinner />
          </Center>
        ) : loadError ? (
          <Card.Root variant="outline">
            <Card.Body>
              <Text color="red.fg">{errorMessage(loadError)}</Text>
            </Card.Body>
          </Card.Root>
        ) : !dnd ? (
          <Center py="24">
            <Spinner />
          </Center>
        ) : (
          <DndProvider backend={dnd.backend} options={dnd.options}>
            <Suspense fallback={null}>
              <DragAutoScroll boardRef={boardRef} touch={dnd.touch} />
            </Suspense>
            <Stack ref={boardRef} direction="row" gap="3" align="flex-start" overflowX="auto" pb="4" data-testid="board">
              {columns.map((column) => (
                <BoardColumn
                  key={column.id}
                  column={column}
                  tasks={grouped.get(column.id) ?? NO_TASKS}
                  isAdmin={admin}
                  canCreate={canWrite}
                  rights={rights}
                  clients={clientsById}
                  people={people}
                  onOpen={onOpen}
                  onMove={onMove}
                  focusTaskId={focusColumn === column.id ? focusTask : null}
                  onFocused={onFocused}
                  onAdd={onAdd}
                  onDrop={onDrop}
                  onReorder={onReorder}
                  onStep={onStep}
                  onRename={onRename}
                  onRecolor={onRecolor}
                  onDelete={onDelete}
                />
              ))}
              {admin && <AddColumnTile onCreate={onCreateColumn} />}
            </Stack>
          </DndProvider>
        )}
        <VisuallyHidden aria-live="polite" role="status" data-testid="board-announcer">
          {announcement}
        </VisuallyHidden>
      </Box>

      {dialogUsed && (
        <Suspense fallback={null}>
          <TaskDialog
            target={target}
            onClose={onClose}
            tasks={tasks}
            columns={columns}
            clients={clients}
            users={team}
            rights={dialogRights}
          />
        </Suspense>
      )}
      {filterSheetUsed && (
        <Suspense fallback={null}>
          <BoardFilterSheet open={filterSheetOpen} onOpenChange={setFilterSheetOpen} visibleCount={visible.length} />
        </Suspense>
      )}
      {archivedUsed && (
        <Suspense fallback={null}>
          <ArchivedDrawer
            open={archivedOpen}
            onClose={() => setArchivedOpen(false)}
            columns={columns}
            clients={clients}
            rights={rights}
            onOpenTask={openLinked}
          />
        </Suspense>
      )}
      {moveUsed && (
        <Suspense fallback={null}>
          <MoveDialog
            task={movingTask}
            columns={columns}
            shown={grouped}
            onMove={moveByKeyboard}
            onClose={closeMove}
            finalFocus={cardButton}
          />
        </Suspense>
      )}
      {confirmUsed && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Excluir lista"
            onConfirm={confirmDelete}
          >
            {deleting ? `Tem certeza que deseja excluir a lista "${deleting.name}"?` : ''}
          </ConfirmDialog>
        </Suspense>
      )}
    </Flex>
  );
}

/**
 * An active filter: the whole chip is the button that removes it (a 32 px high target on desktop, 44 px on
 * touch screens), its × drawn at the size of the text: a bare × was a 14 × 14 target on desktop and, grown to
 * 44 × 44 on touch screens, made the chip twice the height of the line.
 */
function FilterTag({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <Button
      size="xs"
      variant="subtle"
      colorPalette="brand"
      rounded="full"
      fontWeight="normal"
      maxW="full"
      onClick={onClear}
      aria-label={`Remover filtro ${label}`}
      data-testid="filter-chip"
    >
      <Text as="span" truncate>
        {label}
      </Text>
      <X aria-hidden />
    </Button>
  );
}
