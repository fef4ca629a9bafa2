import {
  Badge,
  Box,
  Button,
  Card,
  Center,
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
import { profileLabel, type User } from '@wkflow/contracts';
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

type Action = { kind: 'approve' | 'reject'; user: User };

/** /users/approvals: registrations waiting for approval; approve (confirmed) or reject (optional reason). */
export default function PendingApprovalsPage() {
  const { can } = usePermissions();
  const canWrite = can('users', 'write');
  const { data, error, isLoading } = usePendingUsers();
  const [action, setAction] = useState<Action | null>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  /** The profile the approval grants: preselected with the requested one. */
  const [grant, setGrant] = useState<number | null>(null);
  const profiles = useAccessProfiles(canWrite);

  const pending = listOf(data);

  function start(kind: Action['kind'], user: User) {
    setAction({ kind, user });
    setReason('');
    setGrant(user.accessProfileId);
    setOpen(true);
  }

  async function approve(user: User) {
    try {
      await approveUser(user.id, grant ?? user.accessProfileId);
      toast.success('Usuário aprovado com sucesso!');
    } catch (err) {
      toast.error('Erro ao aprovar usuário', errorMessage(err));
      throw err;
    }
  }

  async function reject(user: User) {
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

      <Card.Root variant="outline" bg="bg" borderColor="border.muted" shadow="xs">
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
            <Table.ScrollArea>
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
                      <Table.Cell color="fg.muted">@{user.username}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette="brand" variant="outline">
                          {profileLabel(user.accessProfileId)}
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
          )}
        </Card.Body>
      </Card.Root>

      {canWrite && action?.kind === 'approve' && (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Aprovar usuário"
          confirmLabel="Aprovar"
          colorPalette="green"
          onConfirm={() => approve(action.user)}
          details={
            <Field.Root>
              <Field.Label>Perfil de Acesso</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  aria-label="Perfil de Acesso"
                  value={String(grant ?? action.user.accessProfileId)}
                  onChange={(e) => setGrant(Number(e.target.value))}
                >
                  {(profiles.data ?? [{ id: action.user.accessProfileId, name: profileLabel(action.user.accessProfileId) }]).map((p) => (
                    <option key={p.id} value={String(p.id)}>
                      {p.name}
                      {p.id === action.user.accessProfileId ? ' (solicitado)' : ''}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>Solicitado: {profileLabel(action.user.accessProfileId)}</Field.HelperText>
            </Field.Root>
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
