import { Badge, Box, Button, Card, Center, Grid, HStack, Heading, IconButton, Skeleton, Stack, Switch, Tabs, Text } from '@chakra-ui/react';
import { Eye, Plus, ShieldCheck, SlidersHorizontal, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePermissions } from '../auth/usePermissions';
import { AccessProfileDialog } from './AccessProfileDialog';
import { BackToUsers } from './BackToUsers';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PermissionsEditor, PermissionsError, PermissionsLoading, PermissionsView } from './PermissionsPanels';
import { deleteAccessProfile, updateAccessProfile } from './users.api';
import type { AccessProfile } from '@wkflow/contracts';
import { listOf, useAccessProfiles, useProfilePermissions } from './useUsers';
import { Panel } from '../../components/Panel';

/** /users/profiles and /users/permissions: profiles, their creation and per-module permissions. */
export default function AccessProfilesPage() {
  const { can } = usePermissions();
  const canWrite = can('user_management', 'write');
  const { data, error, isLoading } = useAccessProfiles();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AccessProfile | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const profiles = listOf(data);
  const selected = profiles.find((p) => p.id === selectedId) ?? profiles[0] ?? null;

  async function confirmDelete(profile: AccessProfile) {
    try {
      await deleteAccessProfile(profile.id);
      toast.success('Perfil excluído');
      if (selectedId === profile.id) setSelectedId(null);
    } catch (err) {
      toast.error('Erro ao excluir perfil', errorMessage(err));
      throw err;
    }
  }

  return (
    <Box>
      <BackToUsers />
      <PageHeader
        title="Perfis de Acesso"
        description="Perfis e permissões por módulo."
        actions={
          canWrite && (
            <Button colorPalette="brand" onClick={() => setCreating(true)}>
              <Plus /> Novo Perfil
            </Button>
          )
        }
      />

      <Grid templateColumns={{ base: '1fr', lg: '320px 1fr' }} gap="5" alignItems="start">
        <Stack gap="2" data-testid="profile-list" aria-label="Perfis de acesso">
          {isLoading ? (
            Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h="20" rounded="l3" />)
          ) : error ? (
            <Text color="fg.error">Não foi possível carregar os perfis.</Text>
          ) : (
            profiles.map((profile) => (
              <ProfileItem
                key={profile.id}
                profile={profile}
                selected={selected?.id === profile.id}
                canDelete={canWrite && !profile.isDefault}
                onSelect={() => setSelectedId(profile.id)}
                onDelete={() => {
                  setDeleting(profile);
                  setDeleteOpen(true);
                }}
              />
            ))
          )}
        </Stack>

        <Panel minW="0">
          <Card.Body>
            {selected ? (
              <ProfilePanel key={selected.id} profile={selected} canWrite={canWrite} />
            ) : isLoading ? (
              <PermissionsLoading />
            ) : (
              <Center py="12">
                <Text color="fg.muted">Selecione um perfil para ver suas permissões.</Text>
              </Center>
            )}
          </Card.Body>
        </Panel>
      </Grid>

      {canWrite && <AccessProfileDialog open={creating} onOpenChange={setCreating} onCreated={(p) => setSelectedId(p.id)} />}
      {canWrite && deleting && (
        <ConfirmDialog open={deleteOpen} onOpenChange={setDeleteOpen} title="Excluir perfil" onConfirm={() => confirmDelete(deleting)}>
          Tem certeza que deseja excluir o perfil <strong>{deleting.name}</strong>? Esta ação não pode ser desfeita.
        </ConfirmDialog>
      )}
    </Box>
  );
}

interface ProfileItemProps {
  profile: AccessProfile;
  selected: boolean;
  canDelete: boolean;
  onSelect: () => void;
  onDelete: () => void;
}

function ProfileItem({ profile, selected, canDelete, onSelect, onDelete }: ProfileItemProps) {
  return (
    <Box
      bg={selected ? 'brand.subtle' : 'bg'}
      borderWidth="1px"
      borderColor={selected ? 'brand.emphasized' : 'border.muted'}
      rounded="l3"
      shadow="xs"
      p="3"
      data-testid="profile-item"
      data-profile-name={profile.name}
      aria-current={selected ? 'true' : undefined}
    >
      <HStack align="flex-start" gap="2">
        <Box
          as="button"
          flex="1"
          minW="0"
          textAlign="start"
          cursor="pointer"
          onClick={onSelect}
          focusRing="outside"
          rounded="l2"
          aria-pressed={selected}
        >
          <HStack gap="2" minW="0">
            <ShieldCheck size={16} />
            <Text fontWeight="semibold" truncate>
              {profile.name}
            </Text>
            {profile.isDefault && (
              <Badge size="sm" variant="subtle" colorPalette="gray">
                Padrão
              </Badge>
            )}
          </HStack>
          <Text color="fg.muted" textStyle="sm" lineClamp={2} mt="1">
            {profile.description}
          </Text>
          {typeof profile.userCount === 'number' && (
            <HStack gap="1" color="fg.muted" textStyle="xs" mt="1.5">
              <Users size={12} />
              <span>
                {profile.userCount} {profile.userCount === 1 ? 'usuário' : 'usuários'}
              </span>
            </HStack>
          )}
        </Box>
        {canDelete && (
          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Excluir perfil ${profile.name}`} onClick={onDelete}>
            <Trash2 />
          </IconButton>
        )}
      </HStack>
    </Box>
  );
}

function ProfilePanel({ profile, canWrite }: { profile: AccessProfile; canWrite: boolean }) {
  const { user } = useCurrentUser();
  const { data, error, isLoading } = useProfilePermissions(profile.id);
  const permissions = listOf(data);

  return (
    <Stack gap="4" data-testid="profile-panel">
      <Box>
        <Heading as="h2" size="lg">
          {profile.name}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {profile.description}
        </Text>
      </Box>
      <RequireTwoFactorSwitch profile={profile} canWrite={canWrite} />
      <Tabs.Root defaultValue="view" variant="line" colorPalette="brand" lazyMount>
        <Tabs.List mb="4" overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="view" flexShrink={0} whiteSpace="nowrap">
            <Eye size={16} /> Visualizar Permissões
          </Tabs.Trigger>
          {canWrite && (
            <Tabs.Trigger value="edit" flexShrink={0} whiteSpace="nowrap">
              <SlidersHorizontal size={16} /> Editar Permissões
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="view" pt="0">
          {isLoading ? (
            <PermissionsLoading />
          ) : error ? (
            <PermissionsError error={error} />
          ) : (
            <PermissionsView profile={profile} permissions={permissions} />
          )}
        </Tabs.Content>
        {canWrite && (
          <Tabs.Content value="edit" pt="0">
            {isLoading ? (
              <PermissionsLoading />
            ) : error ? (
              <PermissionsError error={error} />
            ) : (
              <PermissionsEditor profile={profile} permissions={permissions} currentProfileId={user?.accessProfileId ?? null} />
            )}
          </Tabs.Content>
        )}
      </Tabs.Root>
    </Stack>
  );
}

/** 'Exigir verificação em duas etapas': the profile's users set up a second factor at their next sign-in. */
function RequireTwoFactorSwitch({ profile, canWrite }: { profile: AccessProfile; canWrite: boolean }) {
  const [saving, setSaving] = useState(false);
  async function change(requireTwoFactor: boolean) {
    setSaving(true);
    try {
      await updateAccessProfile(profile.id, { name: profile.name, description: profile.description, requireTwoFactor });
      toast.success(
        requireTwoFactor ? 'Verificação em duas etapas exigida' : 'Verificação em duas etapas não é mais exigida',
        requireTwoFactor ? 'Quem tem este perfil vai configurá-la no próximo login.' : undefined,
      );
    } catch (error) {
      toast.error('Erro ao salvar o perfil', errorMessage(error));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Switch.Root
      size="sm"
      colorPalette="brand"
      checked={profile.requireTwoFactor}
      disabled={!canWrite || saving}
      onCheckedChange={(e) => void change(e.checked)}
      data-testid="require-two-factor"
    >
      <Switch.HiddenInput name="requireTwoFactor" />
      <Switch.Control />
      <Switch.Label textStyle="sm">Exigir verificação em duas etapas</Switch.Label>
    </Switch.Root>
  );
}
