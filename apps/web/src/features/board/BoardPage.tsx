import { Box, Button, Card, Center, Checkbox, Flex, HStack, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Archive, SlidersHorizontal, X } from 'lucide-react';
import { canEditAllTasks, canEditAssignedTasks, canViewAllTasks, isAdmin as isAdminUser, type Task } from '@wkflow/contracts';
import { lazy, Suspense, useMemo, useRef } from 'react';
import { DndProvider } from 'react-dnd';
import { useSearchParams } from 'react-router';
import { Sidebar } from './Sidebar';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/fetcher';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePermissions } from '../auth/usePermissions';
import { AddColumnTile } from './AddColumnTile';
import { BoardColumn, type EditRights } from './BoardColumn';
import { CLIENT_PARAM, FILTER_LABELS, MEMBER_PARAM, type BoardFilters } from './board.logic';
import { useBoardData } from './useBoardData';
import { useBoardDialogs } from './useBoardDialogs';
import { useBoardFilters } from './useBoardFilters';
import { useBoardMoves } from './useBoardMoves';
import { useColumnEdits } from './useColumnEdits';
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
  const data = useBoardData(canReadClients);
  const { tasks, columns, clients, team, names } = data;
  const [params, setParams] = useSearchParams();
  const view = useBoardFilters(data, params, setParams, canViewAllTasks(subject));
  const { query, filters, setFilters, visible, grouped, scopeClient, scopeMember } = view;
  const dialogs = useBoardDialogs({ ...data, params, setParams, canWrite, scopeClientId: view.scope.clientId });
  const moves = useBoardMoves(tasks, columns, filters, setFilters);
  const edits = useColumnEdits(columns.length);

  const rights = useMemo<EditRights>(
    () => ({ userId, editAll: canEditAllTasks(subject), editAssigned: canEditAssignedTasks(subject) }),
    [userId, subject],
  );
  const dialogRights = useMemo(() => ({ ...rights, canWrite }), [rights, canWrite]);
  const dnd = useDndBackend();
  const boardRef = useRef<HTMLDivElement>(null);
  const { taskDialog, filterSheet, archived } = dialogs;
  const { moveDialog } = moves;
  const { deleteConfirm } = edits;

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
                onClick={() => filterSheet.setOpen(true)}
                aria-haspopup="dialog"
                data-testid="open-filter-sheet"
              >
                <SlidersHorizontal /> Filtros
                {(scopeClient || scopeMember) && ` (${[scopeClient, scopeMember].filter(Boolean).length})`}
              </Button>
              <Button size="xs" variant="outline" onClick={() => archived.setOpen(true)} data-testid="open-archived">
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
            {query && <FilterTag label={`Busca: ${query}`} onClear={() => view.setQuery('')} />}
            {scopeClient && <FilterTag label={`Cliente: ${scopeClient}`} onClear={() => view.clearParam(CLIENT_PARAM)} />}
            {scopeMember && <FilterTag label={`Membro: ${scopeMember}`} onClear={() => view.clearParam(MEMBER_PARAM)} />}
            <Text textStyle="sm" color="fg.muted">
              · {visible.length} tarefa(s)
            </Text>
            {view.hiddenText && (
              <Text textStyle="sm" color="fg.muted" data-testid="hidden-matches">
                · {view.hiddenText}
              </Text>
            )}
          </HStack>
        )}

        {data.loading ? (
          <Center py="24">
            <Spinner />
          </Center>
        ) : data.loadError ? (
          <Card.Root variant="outline">
            <Card.Body>
              <Text color="red.fg">{errorMessage(data.loadError)}</Text>
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
                  clients={names.clients}
                  people={names.people}
                  onOpen={dialogs.onOpen}
                  onMove={moves.onMove}
                  focusTaskId={moves.focusColumn === column.id ? moves.focusTask : null}
                  onFocused={moves.onFocused}
                  onAdd={dialogs.onAdd}
                  onDrop={moves.onDrop}
                  onReorder={moves.onReorder}
                  onStep={moves.onStep}
                  onRename={edits.onRename}
                  onRecolor={edits.onRecolor}
                  onDelete={edits.onDelete}
                />
              ))}
              {admin && <AddColumnTile onCreate={edits.onCreate} />}
            </Stack>
          </DndProvider>
        )}
        <VisuallyHidden aria-live="polite" role="status" data-testid="board-announcer">
          {moves.announcement}
        </VisuallyHidden>
      </Box>

      {taskDialog.used && (
        <Suspense fallback={null}>
          <TaskDialog
            target={taskDialog.target}
            onClose={taskDialog.onClose}
            tasks={tasks}
            columns={columns}
            clients={clients}
            users={team}
            rights={dialogRights}
          />
        </Suspense>
      )}
      {filterSheet.used && (
        <Suspense fallback={null}>
          <BoardFilterSheet open={filterSheet.open} onOpenChange={filterSheet.setOpen} visibleCount={visible.length} />
        </Suspense>
      )}
      {archived.used && (
        <Suspense fallback={null}>
          <ArchivedDrawer
            open={archived.open}
            onClose={() => archived.setOpen(false)}
            columns={columns}
            clients={clients}
            rights={rights}
            onOpenTask={dialogs.openTask}
          />
        </Suspense>
      )}
      {moveDialog.used && (
        <Suspense fallback={null}>
          <MoveDialog
            task={moveDialog.task}
            columns={columns}
            shown={grouped}
            onMove={moveDialog.onMove}
            onClose={moveDialog.onClose}
            finalFocus={moveDialog.finalFocus}
          />
        </Suspense>
      )}
      {deleteConfirm.used && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={deleteConfirm.column !== null}
            onOpenChange={(open) => !open && deleteConfirm.close()}
            title="Excluir lista"
            onConfirm={deleteConfirm.confirm}
          >
            {deleteConfirm.column ? `Tem certeza que deseja excluir a lista "${deleteConfirm.column.name}"?` : ''}
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
