import { Alert, Badge, Box, Button, Center, HStack, NativeSelect, Skeleton, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { MODULE_LABELS, MODULES, PARENT_MODULE, type AccessProfile, type ModulePermission } from '@wkflow/contracts';
import { CornerDownRight, RotateCcw, Save } from 'lucide-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { saveProfilePermissions } from './users.api';
import {
  draftFromPermissions,
  draftsEqual,
  hasFullAccess,
  levelLabel,
  levelOptions,
  levelTone,
  toPermissionEntries,
  type PermissionDraft,
} from './users.logic';

/** The note shown for profile 1 (full access by rule). */
export function FullAccessNote({ profile, editing = false }: { profile: AccessProfile; editing?: boolean }) {
  return (
    <Alert.Root status="info" variant="subtle" data-testid="full-access-note">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Acesso total</Alert.Title>
        <Alert.Description>
          O perfil {profile.name} tem acesso total a todos os módulos e permissões especiais
          {editing ? ', por isso suas permissões não precisam ser editadas.' : '.'}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** A module's name; one that lives inside another (Senhas & Acessos under Clientes) is drawn beneath it. */
function ModuleName({ module }: { module: keyof typeof MODULE_LABELS }) {
  if (!PARENT_MODULE[module]) return <>{MODULE_LABELS[module]}</>;
  return (
    <HStack as="span" gap="1.5" ps="1">
      <CornerDownRight size={14} aria-hidden="true" />
      <span>{MODULE_LABELS[module]}</span>
    </HStack>
  );
}

export function PermissionsLoading() {
  return (
    <Stack gap="2">
      {MODULES.map((m) => (
        <Skeleton key={m} h="9" />
      ))}
    </Stack>
  );
}

export function PermissionsError({ error }: { error: unknown }) {
  return (
    <Center py="10">
      <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar as permissões.')}</Text>
    </Center>
  );
}

/** 'Visualizar Permissões': every module with its level (hidden where the profile has none). */
export function PermissionsView({ profile, permissions }: { profile: AccessProfile; permissions: readonly ModulePermission[] }) {
  const draft = useMemo(() => draftFromPermissions(permissions), [permissions]);
  const full = hasFullAccess(profile.id);
  return (
    <Stack gap="4">
      {full && <FullAccessNote profile={profile} />}
      <Table.Root size="sm" data-testid="permissions-view">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Módulo</Table.ColumnHeader>
            <Table.ColumnHeader>Permissão</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {MODULES.map((module) => {
            const { permission, editAllTasks } = draft[module];
            return (
              <Table.Row key={module} data-module={module}>
                <Table.Cell fontWeight="medium">
                  <ModuleName module={module} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2" wrap="wrap">
                    {full ? (
                      <Badge colorPalette="green" variant="subtle">
                        Acesso total
                      </Badge>
                    ) : (
                      <Badge colorPalette={levelTone(permission)} variant="subtle" data-testid={`permission-${module}`}>
                        {levelLabel(permission)}
                      </Badge>
                    )}
                    {!full && module === 'tasks' && editAllTasks && permission !== 'hidden' && (
                      <Badge colorPalette="purple" variant="outline">
                        Editar todas as tarefas
                      </Badge>
                    )}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

interface PermissionsEditorProps {
  profile: AccessProfile;
  permissions: readonly ModulePermission[];
  /** The current user's profile: saving it refreshes their own permissions. */
  currentProfileId: number | null;
}

/**
 * 'Editar Permissões': one level per module (EDITOR_LEVELS), the tasks switch 'Editar todas as
 * tarefas', and the atomic save (PUT /api/access-profiles/{id}/permissions).
 */
export function PermissionsEditor({ profile, permissions, currentProfileId }: PermissionsEditorProps) {
  const baseline = useMemo(() => draftFromPermissions(permissions), [permissions]);
  const [draft, setDraft] = useState<PermissionDraft>(baseline);
  const [saving, setSaving] = useState(false);
  const full = hasFullAccess(profile.id);
  const dirty = !draftsEqual(draft, baseline);

  function update(module: keyof PermissionDraft, patch: Partial<PermissionDraft[keyof PermissionDraft]>) {
    setDraft((current) => ({ ...current, [module]: { ...current[module], ...patch } }));
  }

  async function save() {
    setSaving(true);
    try {
      const saved = await saveProfilePermissions(profile.id, toPermissionEntries(draft), currentProfileId);
      if (Array.isArray(saved)) setDraft(draftFromPermissions(saved));
      toast.success('Permissões salvas com sucesso!');
    } catch (error) {
      toast.error('Erro ao salvar permissões', errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  if (full) return <FullAccessNote profile={profile} editing />;

  return (
    <Stack gap="4" data-testid="permissions-editor">
      <Text color="fg.muted" textStyle="sm">
        Módulos sem permissão começam como <strong>Oculto</strong>. Salvar substitui todas as permissões do perfil.
      </Text>
      <Stack gap="0" borderWidth="1px" borderColor="border.muted" rounded="l2" divideY="1px" divideColor="border.muted">
        {MODULES.map((module) => {
          const { permission, editAllTasks } = draft[module];
          const changed = permission !== baseline[module].permission || editAllTasks !== baseline[module].editAllTasks;
          return (
            <Box key={module} px="3" py="2.5" bg={changed ? 'brand.subtle' : undefined} data-module={module}>
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Box>
                  <Text asChild fontWeight="medium" textStyle="sm">
                    <label htmlFor={`perm-${module}`}>
                      <ModuleName module={module} />
                    </label>
                  </Text>
                  {module === 'client_credentials' && (
                    <Text id="perm-client_credentials-hint" color="fg.muted" textStyle="xs" ps="6">
                      Ferramentas, URLs, logins e senhas dos clientes; nunca além da permissão de Clientes.
                    </Text>
                  )}
                </Box>
                <NativeSelect.Root size="sm" width={{ base: 'full', sm: '52' }} disabled={saving}>
                  <NativeSelect.Field
                    id={`perm-${module}`}
                    name={`perm-${module}`}
                    aria-describedby={module === 'client_credentials' ? 'perm-client_credentials-hint' : undefined}
                    value={permission}
                    onChange={(e) => update(module, { permission: e.target.value })}
                    data-testid={`permission-select-${module}`}
                  >
                    {levelOptions(module, permission).map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </HStack>
              {module === 'tasks' && (
                <Switch.Root
                  mt="2"
                  size="sm"
                  colorPalette="brand"
                  checked={editAllTasks && permission !== 'hidden'}
                  disabled={saving || permission === 'hidden'}
                  onCheckedChange={(e) => update('tasks', { editAllTasks: e.checked })}
                  data-testid="edit-all-tasks"
                >
                  <Switch.HiddenInput name="editAllTasks" />
                  <Switch.Control />
                  <Switch.Label textStyle="sm" color="fg.muted">
                    Editar todas as tarefas
                  </Switch.Label>
                </Switch.Root>
              )}
            </Box>
          );
        })}
      </Stack>
      <HStack justify="flex-end" gap="2">
        <Button variant="outline" onClick={() => setDraft(baseline)} disabled={!dirty || saving}>
          <RotateCcw /> Descartar alterações
        </Button>
        <Button
          colorPalette="brand"
          onClick={() => void save()}
          loading={saving}
          loadingText="Salvando..."
          disabled={!dirty}
          data-testid="permissions-save"
        >
          <Save /> Salvar Permissões
        </Button>
      </HStack>
    </Stack>
  );
}
