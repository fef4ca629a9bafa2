import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  CloseButton,
  Drawer,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ARCHIVED_PAGE_DEFAULT, ARCHIVED_PAGE_MAX, type Column } from '@wkflow/contracts';
import { ArchiveRestore } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useOpenAfterMount } from '../../components/useOpenAfterMount';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { useArchivedTasks } from '../tasks/useTaskData';
import { restore } from '../tasks/taskActions';
import { canEditTask } from '../tasks/tasks.logic';
import type { EditRights } from './BoardColumn';
import { IdOptions } from '../../components/IdOptions';

interface ArchivedDrawerProps {
  open: boolean;
  onClose: () => void;
  columns: readonly Column[];
  clients: ReadonlyArray<{ id: number; name: string }>;
  rights: EditRights;
  /** Opens the task's dialog (its address, /kanban?task=<id>). */
  onOpenTask: (taskId: number) => void;
}

/**
 * 'Arquivadas': the archived tasks the user may see, newest archive first, with a search, a client
 * filter and 'Restaurar' on the ones he may edit (the task goes back to the end of its list).
 */
export function ArchivedDrawer({ open, onClose, columns, clients, rights, onOpenTask }: ArchivedDrawerProps) {
  // Loaded with its first opening: mounted closed, opened on the next commit (see useOpenAfterMount).
  const shown = useOpenAfterMount(open);
  const [search, setSearch] = useState('');
  const [clientId, setClientId] = useState<number | null>(null);
  const [limit, setLimit] = useState(ARCHIVED_PAGE_DEFAULT);
  // The list follows the text once typing pauses (one request, not one per key).
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => setLimit(ARCHIVED_PAGE_DEFAULT), [query, clientId]);
  const list = useArchivedTasks(open ? { search: query, clientId, limit } : null);
  const [restoring, setRestoring] = useState<number | null>(null);

  const columnName = (id: number) => columns.find((c) => c.id === id)?.name ?? 'Backlog';
  const clientName = (id: number) => clients.find((c) => c.id === id)?.name ?? null;

  async function onRestore(taskId: number) {
    setRestoring(taskId);
    try {
      await restore(taskId);
    } finally {
      setRestoring(null);
    }
  }

  const page = list.data;
  return (
    <Drawer.Root open={shown} onOpenChange={(e) => !e.open && onClose()} placement="end" size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="archived-drawer">
            <Drawer.Header borderBottomWidth="1px" borderColor="border.muted">
              <Drawer.Title>Tarefas arquivadas</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              <Stack gap="4">
                <Stack gap="3" direction={{ base: 'column', sm: 'row' }} role="search">
                  <Field.Root flex="1">
                    <Field.Label textStyle="xs">Buscar</Field.Label>
                    <Input
                      size="sm"
                      type="search"
                      placeholder="Título ou descrição"
                      value={search}
                      maxLength={200}
                      onChange={(e) => setSearch(e.target.value)}
                      data-testid="archived-search"
                    />
                  </Field.Root>
                  {clients.length > 0 && (
                    <Field.Root flex="1">
                      <Field.Label textStyle="xs">Cliente</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field
                          value={clientId === null ? '' : String(clientId)}
                          onChange={(e) => setClientId(e.target.value ? Number(e.target.value) : null)}
                          data-testid="archived-client"
                        >
                          <option value="">Todos os clientes</option>
                          <IdOptions items={clients} />
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  )}
                </Stack>

                {list.error ? (
                  <Text color="red.fg">{errorMessage(list.error)}</Text>
                ) : !page ? (
                  <Center py="10">
                    <Spinner />
                  </Center>
                ) : page.total === 0 ? (
                  <Text color="fg.muted" py="6" textAlign="center" data-testid="archived-empty">
                    {query || clientId ? 'Nenhuma tarefa arquivada encontrada' : 'Nenhuma tarefa arquivada'}
                  </Text>
                ) : (
                  <>
                    <Text textStyle="sm" color="fg.muted" aria-live="polite">
                      {page.total === 1 ? '1 tarefa arquivada' : `${page.total} tarefas arquivadas`}
                    </Text>
                    <Stack gap="2" as="ul" listStyleType="none" aria-label="Tarefas arquivadas">
                      {page.items.map((task) => {
                        const client = clientName(task.clientId);
                        return (
                          <Card.Root as="li" key={task.id} size="sm" variant="outline" data-testid={`archived-task-${task.id}`}>
                            <Card.Body gap="2">
                              <Button
                                variant="plain"
                                p="0"
                                h="auto"
                                justifyContent="flex-start"
                                textAlign="start"
                                whiteSpace="normal"
                                fontWeight="semibold"
                                onClick={() => {
                                  onClose();
                                  onOpenTask(task.id);
                                }}
                              >
                                {task.title}
                              </Button>
                              <HStack gap="2" flexWrap="wrap" textStyle="xs" color="fg.muted">
                                {client && (
                                  <Badge size="sm" variant="subtle">
                                    {client}
                                  </Badge>
                                )}
                                <Text>lista {columnName(task.columnId)}</Text>
                              </HStack>
                              {task.archivedAt && (
                                <Text textStyle="xs" color="fg.muted">
                                  Arquivada em {formatDateTime(task.archivedAt)}
                                </Text>
                              )}
                              {canEditTask(task, rights.userId, rights) && (
                                <Box>
                                  <Button
                                    size="xs"
                                    variant="outline"
                                    onClick={() => void onRestore(task.id)}
                                    loading={restoring === task.id}
                                    disabled={restoring !== null}
                                    aria-label={`Restaurar ${task.title}`}
                                  >
                                    <ArchiveRestore /> Restaurar
                                  </Button>
                                </Box>
                              )}
                            </Card.Body>
                          </Card.Root>
                        );
                      })}
                    </Stack>
                    {page.items.length < page.total &&
                      (limit < ARCHIVED_PAGE_MAX ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setLimit((n) => Math.min(n + ARCHIVED_PAGE_DEFAULT, ARCHIVED_PAGE_MAX))}
                          loading={list.isValidating}
                        >
                          Mostrar mais
                        </Button>
                      ) : (
                        <Text textStyle="sm" color="fg.muted">
                          Mostrando {page.items.length} de {page.total}: refine a busca para ver as outras.
                        </Text>
                      ))}
                  </>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
