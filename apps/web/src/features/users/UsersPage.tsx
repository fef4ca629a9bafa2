import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Center,
  EmptyState,
  HStack,
  Icon,
  IconButton,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
import { Clock, Mail, Pencil, Plus, ShieldCheck, UserCheck, Users } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRevealInTransition } from '../../components/useRevealInTransition';
import { PageHeader } from '../../components/PageHeader';
import { initials } from '../../lib/format';
import { usePermissions } from '../auth/usePermissions';
import { NewUserDialog } from './NewUserDialog';
import { UserStatusBadge } from './UserStatusBadge';
import { profileName, sortUsers, teamStats } from './users.logic';
import type { AccessProfile, User } from '@wkflow/contracts';
import { listOf, useAccessProfiles, usePendingUsers, useTeam } from './useUsers';
import { Panel } from '../../components/Panel';

/** /users: team stats, user cards and the 'Novo Usuário' dialog. Needs users read. */
export default function UsersPage() {
  const { can } = usePermissions();
  const canWrite = can('users', 'write');
  const canManageProfiles = can('user_management', 'read');
  const team = useTeam();
  const pending = usePendingUsers();
  const profilesQuery = useAccessProfiles();
  const [creating, setCreating] = useState(false);

  const profiles = listOf(profilesQuery.data);
  const users = useMemo(() => sortUsers(listOf(team.data)), [team.data]);
  const stats = teamStats(users, Array.isArray(pending.data) ? pending.data : undefined, profiles);
  // The cards' first render is sliced (a transition); the skeletons stay until it is done.
  const teamLoading = !useRevealInTransition(!team.isLoading);

  return (
    <Box>
      <PageHeader
        title="Gerenciamento de Usuários"
        description="Equipe, perfis de acesso e novos usuários."
        actions={
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline" data-testid="approvals-link">
              <RouterLink to="/users/approvals">
                <UserCheck /> Aprovações
                {/* No count until the pending list has loaded: a '0' that turns into '1' would mislead. */}
                {pending.data !== undefined && (
                  <Badge colorPalette={stats.pending ? 'orange' : 'gray'} variant="solid" size="sm" data-testid="pending-count">
                    {stats.pending}
                  </Badge>
                )}
              </RouterLink>
            </Button>
            {canManageProfiles && (
              <Button asChild variant="outline">
                <RouterLink to="/users/profiles">
                  <ShieldCheck /> Gerenciar Perfis
                </RouterLink>
              </Button>
            )}
            {canWrite && (
              <Button colorPalette="brand" onClick={() => setCreating(true)}>
                <Plus /> Novo Usuário
              </Button>
            )}
          </HStack>
        }
      />

      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" mb="6" data-testid="team-stats">
        <StatCard label="Usuários Ativos" value={stats.active} icon={<Users />} tone="brand" loading={team.isLoading} />
        <StatCard label="Pendentes" value={stats.pending} icon={<Clock />} tone="orange" loading={pending.isLoading} />
        <StatCard label="Perfis de Acesso" value={stats.profiles} icon={<ShieldCheck />} tone="purple" loading={profilesQuery.isLoading} />
      </SimpleGrid>

      {teamLoading ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h="36" rounded="l3" />
          ))}
        </SimpleGrid>
      ) : team.error ? (
        <Center py="12">
          <Text color="fg.error">Não foi possível carregar os usuários.</Text>
        </Center>
      ) : users.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderColor="border.muted" rounded="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Users />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title as="h2">Nenhum usuário cadastrado</EmptyState.Title>
            </VStack>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="user-list">
          {users.map((user) => (
            <UserCard key={user.id} user={user} profiles={profiles} canEdit={canWrite} />
          ))}
        </SimpleGrid>
      )}

      {canWrite && <NewUserDialog open={creating} onOpenChange={setCreating} profiles={profiles} />}
    </Box>
  );
}

function StatCard({
  label,
  value,
  icon,
  tone,
  loading,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  tone: string;
  loading: boolean;
}) {
  return (
    <Panel>
      <Card.Body p="4">
        <HStack gap="4">
          <Center boxSize="11" rounded="lg" bg={`${tone}.subtle`} color={`${tone}.fg`} flexShrink={0}>
            <Icon boxSize="5">{icon}</Icon>
          </Center>
          <Stack gap="0">
            <Text color="fg.muted" textStyle="sm">
              {label}
            </Text>
            {loading ? (
              <Skeleton h="7" w="10" />
            ) : (
              <Text textStyle="2xl" fontWeight="semibold" lineHeight="short">
                {value}
              </Text>
            )}
          </Stack>
        </HStack>
      </Card.Body>
    </Panel>
  );
}

function UserCard({ user, profiles, canEdit }: { user: User; profiles: readonly AccessProfile[]; canEdit: boolean }) {
  return (
    <Panel data-testid="user-card" data-username={user.username}>
      <Card.Body p="4">
        <HStack gap="3" align="flex-start">
          <Avatar.Root size="md" colorPalette="brand" variant="subtle" flexShrink={0}>
            <Avatar.Fallback>{initials(user.name || user.username)}</Avatar.Fallback>
          </Avatar.Root>
          <Stack gap="0.5" minW="0" flex="1">
            <Text fontWeight="semibold" truncate>
              {user.name}
            </Text>
            <Text color="fg.muted" textStyle="sm" truncate>
              @{user.username}
            </Text>
            <HStack gap="1.5" color="fg.muted" textStyle="sm" minW="0">
              <Icon boxSize="3.5" flexShrink={0}>
                <Mail />
              </Icon>
              <Text truncate>{user.email}</Text>
            </HStack>
          </Stack>
          {canEdit && (
            <IconButton asChild size="sm" variant="ghost" aria-label={`Editar ${user.name}`}>
              <RouterLink to={`/users/${user.id}/edit`} data-testid="user-edit-link">
                <Pencil />
              </RouterLink>
            </IconButton>
          )}
        </HStack>
        <HStack gap="2" mt="3" wrap="wrap">
          <Badge colorPalette="brand" variant="outline" data-testid="user-profile">
            {profileName(profiles, user.accessProfileId)}
          </Badge>
          <UserStatusBadge user={user} />
        </HStack>
      </Card.Body>
    </Panel>
  );
}
