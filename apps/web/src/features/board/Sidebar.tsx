import { Badge, Box, Button, Center, Flex, HStack, Heading, Separator, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { canViewAllTasks } from '@wkflow/contracts';
import { CalendarClock, FolderKanban, Users, X } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { appTimeZone } from '../../lib/appTimeZone';
import { initials } from '../../lib/format';
import { withoutParam } from '../../lib/searchParams';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePermissions } from '../auth/usePermissions';
import { CLIENT_PARAM, MEMBER_PARAM, idParam } from './board.logic';
import {
  clientCounts,
  columnCounts,
  deliveryBuckets,
  DELIVERY_LABELS,
  memberCounts,
  scopedTasks,
  statusSummary,
  type DeliveryBuckets,
} from './sidebar.logic';
import { useClients } from '../clients/useClients';
import { useColumns, useTasks, useTeam } from '../tasks/useTaskData';

function Section({ title, icon, children, action }: { title: string; icon: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Stack gap="2">
      <Flex align="center" justify="space-between">
        <HStack gap="1.5" color="fg.muted">
          {icon}
          <Text textStyle="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide">
            {title}
          </Text>
        </HStack>
        {action}
      </Flex>
      {children}
    </Stack>
  );
}

/** A figure of the sidebar, or a placeholder while the tasks load (a '0' there would read as a count). */
function Figure({ value }: { value: number | null }) {
  return value === null ? (
    <Skeleton as="span" display="inline-block" verticalAlign="middle" height="3" width="4" data-testid="sidebar-figure-loading" />
  ) : (
    <>{value}</>
  );
}

/** A client or member row; memoised with primitive props, so a board change re-renders only the rows whose counts changed. */
const FilterRow = memo(function FilterRow({
  param,
  id,
  active,
  onToggle,
  swatch,
  person,
  label,
  count,
  overdue,
}: {
  param: string;
  id: number;
  active: boolean;
  onToggle: (param: string, id: number) => void;
  /** A client's colour square… */
  swatch?: string;
  /** …or a member's initials. */
  person?: string;
  label: string;
  count: number | null;
  overdue: number;
}) {
  return (
    <Box
      as="button"
      onClick={() => onToggle(param, id)}
      aria-pressed={active}
      display="flex"
      alignItems="center"
      gap="2"
      w="full"
      px="2"
      py="1.5"
      rounded="md"
      textAlign="left"
      bg={active ? 'brand.subtle' : undefined}
      color={active ? 'brand.fg' : undefined}
      _hover={{ bg: active ? 'brand.muted' : 'bg.muted' }}
    >
      {swatch !== undefined && <Box boxSize="3" rounded="sm" bg={swatch} flexShrink={0} />}
      {person !== undefined && (
        <Center boxSize="6" rounded="full" bg="brand.solid" color="brand.contrast" fontSize="2xs" fontWeight="semibold" flexShrink={0}>
          {initials(person)}
        </Center>
      )}
      <Text textStyle="sm" flex="1" truncate fontWeight={active ? 'semibold' : undefined}>
        {label}
      </Text>
      {overdue > 0 && (
        <Badge size="xs" colorPalette="red" title={`${overdue} atrasada(s)`}>
          {overdue}
        </Badge>
      )}
      <Text textStyle="xs" color="fg.muted" minW="5" textAlign="right">
        <Figure value={count} />
      </Text>
    </Box>
  );
});

/** One row of a filter section: a client (its colour square) or a member (initials). */
interface FilterItem {
  id: number;
  label: string;
  /** null while the tasks load */
  count: number | null;
  overdue: number;
  swatch?: string;
  person?: string;
}

/** The clients or the members: rows that filter the board by one parameter, 'Limpar' while one is chosen. */
function FilterSection({
  title,
  icon,
  param,
  selectedId,
  onToggle,
  onClear,
  testId,
  empty,
  items,
}: {
  title: string;
  icon: ReactNode;
  param: string;
  selectedId: number | null;
  onToggle: (param: string, id: number) => void;
  onClear: (param: string) => void;
  testId: string;
  /** Shown when there are no items. */
  empty?: string;
  items: FilterItem[];
}) {
  return (
    <Section
      title={title}
      icon={icon}
      action={
        selectedId !== null && (
          <Button size="2xs" variant="ghost" onClick={() => onClear(param)}>
            <X /> Limpar
          </Button>
        )
      }
    >
      <Stack gap="0.5" data-testid={testId}>
        {items.length === 0 && empty && (
          <Text textStyle="sm" color="fg.muted" px="2">
            {empty}
          </Text>
        )}
        {items.map((item) => (
          <FilterRow key={item.id} param={param} active={selectedId === item.id} onToggle={onToggle} {...item} />
        ))}
      </Stack>
    </Section>
  );
}

/**
 * What the sidebar and the phone's filter sheet show: the counts built from the board, the client and member
 * chosen (?client=, ?member=; the member filter needs tasks view_all) and the toggles that change them.
 * Without view_all the counts cover only the user's own tasks.
 */
export function useBoardScope() {
  const { user } = useCurrentUser();
  const { can, subject } = usePermissions();
  const viewAll = canViewAllTasks(subject);
  const tasks = useTasks();
  const columns = useColumns();
  const clients = useClients(can('clients', 'read'));
  const team = useTeam(viewAll);
  const [params, setParams] = useSearchParams();
  const clientId = idParam(params.get(CLIENT_PARAM));
  const memberId = viewAll ? idParam(params.get(MEMBER_PARAM)) : null;

  // The counts follow the board a moment later, so a drag's optimistic move is not held up by them.
  const boardTasks = useDeferredValue(tasks.data);
  const loaded = boardTasks !== undefined && columns.data !== undefined;
  const data = useMemo(() => {
    const cols = columns.data ?? [];
    const scoped = scopedTasks(boardTasks ?? [], viewAll, user?.id);
    return {
      status: statusSummary(scoped, cols),
      delivery: deliveryBuckets(scoped, cols, new Date(), appTimeZone()),
      clients: clientCounts(scoped, cols, clients.data ?? []),
      members: viewAll ? memberCounts(scoped, cols, team.data ?? []) : [],
      lists: columnCounts(scoped, cols),
    };
  }, [boardTasks, columns.data, clients.data, team.data, viewAll, user?.id]);

  const toggle = useCallback(
    (param: string, id: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (idParam(prev.get(param)) === id) next.delete(param);
          else next.set(param, String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback((param: string) => setParams(withoutParam(param), { replace: true }), [setParams]);
  return { viewAll, clientId, memberId, data, loaded, toggle, clear };
}

/** The client and member filters (the member one with tasks view_all), in the sidebar and in the phone's sheet. */
export function ScopeFilters({ scope, testIdPrefix }: { scope: ReturnType<typeof useBoardScope>; testIdPrefix: string }) {
  const { viewAll, clientId, memberId, data, loaded, toggle, clear } = scope;
  return (
    <>
      <FilterSection
        title="Clientes"
        icon={<Box boxSize="2.5" rounded="sm" bg="fg.muted" />}
        param={CLIENT_PARAM}
        selectedId={clientId}
        onToggle={toggle}
        onClear={clear}
        testId={`${testIdPrefix}-clients`}
        empty="Nenhum cliente"
        items={data.clients.map((c) => ({ id: c.id, label: c.name, count: loaded ? c.active : null, overdue: c.overdue, swatch: c.color }))}
      />

      {viewAll && (
        <>
          <Separator />
          <FilterSection
            title="Membros"
            icon={<Users size={14} />}
            param={MEMBER_PARAM}
            selectedId={memberId}
            onToggle={toggle}
            onClear={clear}
            testId={`${testIdPrefix}-members`}
            items={data.members.map((m) => ({
              id: m.id,
              label: m.name,
              count: loaded ? m.active : null,
              overdue: m.overdue,
              person: m.name,
            }))}
          />
        </>
      )}
    </>
  );
}

/**
 * 'Projetos' (extended.md §2.14): desktop-only filters and summaries of the board built from the
 * clients, users, tasks and columns. Clicking a client or a member filters the board (?client=,
 * ?member=). Below lg the same filters open from the board's 'Filtros' button (BoardFilterSheet).
 */
export function Sidebar() {
  const scope = useBoardScope();
  const { data, loaded } = scope;

  return (
    <Box
      as="aside"
      aria-label="Projetos"
      display={{ base: 'none', lg: 'block' }}
      w="64"
      flexShrink={0}
      position="sticky"
      top="4"
      alignSelf="flex-start"
      maxH="calc(100dvh - 120px)"
      overflowY="auto"
      bg="bg"
      borderWidth="1px"
      borderColor="border.muted"
      rounded="lg"
      p="4"
      data-testid="sidebar"
    >
      <Stack gap="5">
        <HStack gap="2">
          <FolderKanban size={18} />
          <Heading as="h2" size="md">
            Projetos
          </Heading>
        </HStack>

        <SimpleGrid columns={2} gap="2">
          {(
            [
              ['Tarefas', data.status.total, 'fg'],
              ['Em aberto', data.status.open, 'blue.fg'],
              ['Atrasadas', data.status.overdue, 'red.fg'],
              ['Concluídas', data.status.completed, 'green.fg'],
            ] as const
          ).map(([label, value, color]) => (
            <Box key={label} p="2" rounded="md" bg="bg.muted">
              {/* Until the tasks arrive, a placeholder rather than a '0' that reads as a figure. */}
              {loaded ? (
                <Text textStyle="xl" fontWeight="semibold" color={color} lineHeight="1.2">
                  {value}
                </Text>
              ) : (
                <Skeleton height="6" width="8" mb="0.5" data-testid="sidebar-count-loading" />
              )}
              <Text textStyle="xs" color="fg.muted">
                {label}
              </Text>
            </Box>
          ))}
        </SimpleGrid>

        <Section title="Entregas" icon={<CalendarClock size={14} />}>
          <Stack gap="1" data-testid="delivery-buckets">
            {(Object.keys(DELIVERY_LABELS) as Array<keyof DeliveryBuckets>).map((bucket) => (
              // Figures, not controls: no box or hover that would make them look clickable; the nearest
              // deliveries are told by the number's colour.
              <Flex key={bucket} justify="space-between" align="center" px="2" py="0.5" cursor="default">
                <Text textStyle="sm" color="fg.muted">
                  {DELIVERY_LABELS[bucket]}
                </Text>
                <Text
                  textStyle="sm"
                  fontWeight="semibold"
                  color={bucket === 'oneDay' && data.delivery.oneDay > 0 ? 'orange.fg' : undefined}
                >
                  <Figure value={loaded ? data.delivery[bucket] : null} />
                </Text>
              </Flex>
            ))}
          </Stack>
        </Section>

        <Separator />

        <ScopeFilters scope={scope} testIdPrefix="sidebar" />

        <Separator />

        <Section title="Listas" icon={<FolderKanban size={14} />}>
          <Stack gap="1">
            {data.lists.map((l) => (
              <Flex key={l.id} justify="space-between" align="center" px="2">
                <HStack gap="2" minW="0">
                  <Box boxSize="2.5" rounded="full" bg={l.color} flexShrink={0} />
                  <Text textStyle="sm" truncate>
                    {l.name}
                  </Text>
                </HStack>
                <Text textStyle="xs" color="fg.muted">
                  <Figure value={loaded ? l.count : null} />
                </Text>
              </Flex>
            ))}
          </Stack>
        </Section>
      </Stack>
    </Box>
  );
}
