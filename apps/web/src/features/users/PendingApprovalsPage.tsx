import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  EmptyState,
  Field,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  VStack,
} from '@chakra-ui/react';
import { ADMIN_PROFILE_ID, approvalPreselection, profileLabel, type PendingUser } from '@wkflow/contracts';
import { Check, UserCheck, X } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/usePermissions';
import { BackToUsers } from './BackToUsers';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { approveUser, rejectUser } from './users.api';
import { listOf, useAccessProfiles, usePendingUsers } from './useUsers';
import { Panel } from '../../components/Panel';

type Action = { kind: 'approve' | 'reject'; user: PendingUser };

/** The requested profile as the table and the dialog name it (a hint: the approver decides). */
function requestedLabel(user: PendingUser): string {
  return user.requestedProfileName ?? (user.requestedProfileId ? profileLabel(user.requestedProfileId) : '—');
}

/** /users/approvals: registrations waiting for approval; approve (confirmed) or reject (optional reason). */
export default function PendingApprovalsPage() {
  const { can } = usePermissions();
  const canWrite = can('users', 'write');
  const { data, error, isLoading } = usePendingUsers();
  const [action, setAction] = useState<Action | null>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  /**
   * The profile the approval grants: the requested one unless it is Administrador, then
   * Colaborador. Administrador must be chosen here and confirmed with the checkbox below.
   */
  const [grant, setGrant] = useState<number | null>(null);
  const [adminConfirmed, setAdminConfirmed] = useState(false);
  const profiles = useAccessProfiles(canWrite);

  const pending = listOf(data);
  const grantsAdmin = grant === ADMIN_PROFILE_ID;

  function start(kind: Action['kind'], user: PendingUser) {
    setAction({ kind, user });
    setReason('');
    setGrant(approvalPreselection(user));
    setAdminConfirmed(false);
    setOpen(true);
  }

  async function approve(user: PendingUser) {
    const granted = grant ?? approvalPreselection(user);
    if (granted === ADMIN_PROFILE_ID && !adminConfirmed) return;
    try {
      await approveUser(user.id, granted);
      toast.success('Usuário aprovado com sucesso!');
    } catch (err) {
      toast.error('Erro ao aprovar usuário', errorMessage(err));
      throw err;
    }
  }

  async function reject(user: PendingUser) {
    try {
      await rejectUser(user.id, reason);
      toast.success('Usuário rejeitado', 'O cadastro foi removido do sistema.');
    } catch (err) {
      toast.error('Erro ao rejeitar usuário', errorMessage(err));
      throw err;
    }
  }

  return (
    <Box>
      <BackToUsers />
      <PageHeader
        title="Aprovação de Usuários"
        description={
          <HStack as="span" gap="2">
            <Badge colorPalette={pending.length ? 'orange' : 'gray'} variant="solid" data-testid="pending-count">
              {isLoading ? '…' : pending.length}
            </Badge>
            <span>{pending.length === 1 ? 'cadastro aguardando aprovação' : 'cadastros aguardando aprovação'}</span>
          </HStack>
        }
      />

      <Panel>
        <Card.Body p={{ base: '3', md: '4' }}>
          {isLoading ? (
            <Stack gap="3">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} h="10" />
              ))}
            </Stack>
          ) : error ? (
            <Center py="12">
              <Text color="fg.error">Não foi possível carregar os cadastros pendentes.</Text>
            </Center>
          ) : pending.length === 0 ? (
            <EmptyState.Root size="sm">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <UserCheck />
                </EmptyState.Indicator>
                <VStack textAlign="center">
                  <EmptyState.Title as="h2">Nenhum usuário aguardando aprovação</EmptyState.Title>
                  <EmptyState.Description>Novos cadastros aparecerão aqui.</EmptyState.Description>
                </VStack>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <>
              {/* Phones: one card per registration, every field and both actions in view (as a table the profile,
                  date and actions were off screen). From md up, the table. */}
              <Stack as="ul" gap="3" hideFrom="md" listStyleType="none" aria-label="Cadastros aguardando aprovação">
                {pending.map((user) => (
                  <Box
                    as="li"
                    key={user.id}
                    borderWidth="1px"
                    borderColor="border.muted"
                    rounded="md"
                    p="3"
                    data-testid="pending-card"
                    data-username={user.username}
                  >
                    <Stack gap="1">
                      <Text fontWeight="medium">{user.name}</Text>
                      <Text textStyle="sm" wordBreak="break-all">
                        {user.email}
                      </Text>
                      <Text textStyle="sm" color="fg.muted" wordBreak="break-all">
                        @{user.username}
                        {user.usernameTaken && (
                          <Badge ms="2" colorPalette="orange" variant="subtle">
                            Nome de usuário em uso
                          </Badge>
                        )}
                      </Text>
                      <HStack gap="2" flexWrap="wrap" textStyle="sm">
                        <Text color="fg.muted">Perfil Solicitado:</Text>
                        <Badge colorPalette="brand" variant="outline">
                          {requestedLabel(user)}
                        </Badge>
                      </HStack>
                      <Text textStyle="sm" color="fg.muted">
                        Solicitado em {formatDateTime(user.createdAt)}
                      </Text>
                    </Stack>
                    {canWrite && (
                      <HStack gap="2" mt="3">
                        <Button
                          size="sm"
                          flex="1"
                          colorPalette="green"
                          onClick={() => start('approve', user)}
                          aria-label={`Aprovar ${user.name}`}
                        >
                          <Check /> Aprovar
                        </Button>
                        <Button
                          size="sm"
                          flex="1"
                          variant="outline"
                          colorPalette="red"
                          onClick={() => start('reject', user)}
                          aria-label={`Rejeitar ${user.name}`}
                        >
                          <X /> Rejeitar
                        </Button>
                      </HStack>
                    )}
                  </Box>
                ))}
              </Stack>
              <Table.ScrollArea hideBelow="md">
                <Table.Root size="sm" data-testid="pending-table">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Nome</Table.ColumnHeader>
                      <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                      <Table.ColumnHeader>Usuário</Table.ColumnHeader>
                      <Table.ColumnHeader>Perfil Solicitado</Table.ColumnHeader>
                      <Table.ColumnHeader>Data da Solicitação</Table.ColumnHeader>
                      {canWrite && <Table.ColumnHeader textAlign="end">Ações</Table.ColumnHeader>}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {pending.map((user) => (
                      <Table.Row key={user.id} data-testid="pending-row" data-username={user.username}>
                        <Table.Cell fontWeight="medium">{user.name}</Table.Cell>
                        <Table.Cell>{user.email}</Table.Cell>
                        <Table.Cell color="fg.muted">
                          @{user.username}
                          {user.usernameTaken && (
                            <Badge ms="2" colorPalette="orange" variant="subtle" data-testid="username-taken">
                              Nome de usuário em uso
                            </Badge>
                          )}
                        </Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette="brand" variant="outline" data-testid="requested-profile">
                            {requestedLabel(user)}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDateTime(user.createdAt)}</Table.Cell>
                        {canWrite && (
                          <Table.Cell textAlign="end">
                            <HStack gap="2" justify="flex-end">
                              <Button size="xs" colorPalette="green" onClick={() => start('approve', user)}>
                                <Check /> Aprovar
                              </Button>
                              <Button size="xs" variant="outline" colorPalette="red" onClick={() => start('reject', user)}>
                                <X /> Rejeitar
                              </Button>
                            </HStack>
                          </Table.Cell>
                        )}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </>
          )}
        </Card.Body>
      </Panel>

      {canWrite && action?.kind === 'approve' && (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Aprovar usuário"
          confirmLabel={grantsAdmin ? 'Aprovar como administrador' : 'Aprovar'}
          colorPalette={grantsAdmin ? 'red' : 'green'}
          confirmDisabled={grantsAdmin && !adminConfirmed}
          onConfirm={() => approve(action.user)}
          details={
            <Stack gap="3">
              <Field.Root>
                <Field.Label>Perfil de Acesso</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    aria-label="Perfil de Acesso"
                    value={String(grant ?? approvalPreselection(action.user))}
                    onChange={(e) => {
                      setGrant(Number(e.target.value));
                      setAdminConfirmed(false);
                    }}
                  >
                    {(profiles.data ?? [{ id: action.user.accessProfileId, name: profileLabel(action.user.accessProfileId) }]).map((p) => (
                      <option key={p.id} value={String(p.id)}>
                        {p.name}
                        {p.id === action.user.requestedProfileId ? ' (solicitado)' : ''}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>Solicitado: {requestedLabel(action.user)}. O perfil concedido é o escolhido aqui.</Field.HelperText>
              </Field.Root>
              {grantsAdmin && (
                <Alert.Root status="warning" data-testid="admin-grant-warning">
                  <Alert.Indicator />
                  <Alert.Content gap="2">
                    <Alert.Title>Acesso total ao sistema</Alert.Title>
                    <Checkbox.Root
                      size="sm"
                      colorPalette="red"
                      checked={adminConfirmed}
                      onCheckedChange={(e) => setAdminConfirmed(e.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>Confirmo que {action.user.name} se tornará administrador, com acesso total ao sistema</Checkbox.Label>
                    </Checkbox.Root>
                  </Alert.Content>
                </Alert.Root>
              )}
              {action.user.usernameTaken && (
                <Text fontSize="sm" color="fg.error">
                  O nome de usuário @{action.user.username} já está em uso por outra conta: altere-o na edição do usuário antes de aprovar.
                </Text>
              )}
            </Stack>
          }
        >
          Tem certeza que deseja aprovar o cadastro de <strong>{action.user.name}</strong>? O usuário será notificado e poderá entrar no
          sistema.
        </ConfirmDialog>
      )}
      {canWrite && action?.kind === 'reject' && (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Rejeitar usuário"
          confirmLabel="Rejeitar"
          onConfirm={() => reject(action.user)}
          details={
            <Field.Root>
              <Field.Label>Motivo da rejeição (opcional)</Field.Label>
              <Textarea
                name="reason"
                rows={4}
                resize="vertical"
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                placeholder="Explique o motivo, se quiser"
              />
            </Field.Root>
          }
        >
          O cadastro de <strong>{action.user.name}</strong> será removido do sistema.
        </ConfirmDialog>
      )}
    </Box>
  );
}
