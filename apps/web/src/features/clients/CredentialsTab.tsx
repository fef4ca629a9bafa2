import {
  Box,
  Button,
  Card,
  Center,
  Code,
  EmptyState,
  HStack,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Table,
  Text,
  VStack,
} from '@chakra-ui/react';
import { Copy, Eye, EyeOff, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { deleteCredential, revealCredential } from './clients.api';
import { displayedPassword, externalHref } from './clients.logic';
import type { ClientCredential } from '@wkflow/contracts';
import { copyText } from '../../lib/clipboard';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CredentialDialog } from './CredentialDialog';
import { useClientAccess } from './useClients';
import { Panel } from '../../components/Panel';

/**
 * 'Senhas & Acessos': stored credentials with the password masked. The eye reveals one through
 * the recorded POST .../reveal and hides it again; copy reveals (if needed) and copies. Revealing
 * needs client_credentials write on the API, so readers only see the mask.
 */
export function CredentialsTab({ clientId, canWrite }: { clientId: number; canWrite: boolean }) {
  const { data, error, isLoading } = useClientAccess(clientId);
  const credentials = Array.isArray(data) ? data : [];
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const [pending, setPending] = useState<number | null>(null);
  const [editing, setEditing] = useState<ClientCredential | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // kept after closing so the dialog text does not change during its exit animation
  const [deleting, setDeleting] = useState<ClientCredential | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  async function reveal(credential: ClientCredential): Promise<string | null> {
    if (credential.id in revealed) return revealed[credential.id];
    setPending(credential.id);
    try {
      const password = await revealCredential(clientId, credential.id);
      setRevealed((all) => ({ ...all, [credential.id]: password }));
      return password;
    } catch (err) {
      toast.error('Erro ao revelar senha', errorMessage(err));
      return null;
    } finally {
      setPending(null);
    }
  }

  function hide(id: number) {
    setRevealed(({ [id]: _hidden, ...rest }) => rest);
  }

  async function copy(label: string, text: string | null) {
    if (text === null) return;
    try {
      await copyText(text);
      toast.success(`${label} copiado${label === 'Senha' ? 'a' : ''}`);
    } catch {
      toast.error('Não foi possível copiar', 'Copie manualmente.');
    }
  }

  function openCreate() {
    setEditing(null);
    setDialogOpen(true);
  }

  function openEdit(credential: ClientCredential) {
    setEditing(credential);
    setDialogOpen(true);
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteCredential(clientId, deleting.id);
      hide(deleting.id);
      toast.success('Credencial excluída');
    } catch (err) {
      toast.error('Erro ao excluir credencial', errorMessage(err));
      throw err;
    }
  }

  return (
    <Panel>
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
          <Box>
            <Card.Title as="h2">Senhas & Acessos</Card.Title>
            <Card.Description>Credenciais das ferramentas do cliente, guardadas criptografadas.</Card.Description>
          </Box>
          {canWrite && (
            <Button colorPalette="brand" size="sm" onClick={openCreate}>
              <Plus /> Nova credencial
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Stack gap="2">
            <Skeleton h="10" />
            <Skeleton h="10" />
          </Stack>
        ) : error ? (
          <Center py="8">
            <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar as credenciais.')}</Text>
          </Center>
        ) : credentials.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <KeyRound />
              </EmptyState.Indicator>
              <VStack textAlign="center">
                <EmptyState.Title as="h3">Nenhuma credencial cadastrada</EmptyState.Title>
                <EmptyState.Description>Guarde aqui os acessos às ferramentas do cliente.</EmptyState.Description>
              </VStack>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="credential-list">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Ferramenta</Table.ColumnHeader>
                  <Table.ColumnHeader>Usuário</Table.ColumnHeader>
                  <Table.ColumnHeader>Senha</Table.ColumnHeader>
                  <Table.ColumnHeader>Observações</Table.ColumnHeader>
                  {canWrite && <Table.ColumnHeader textAlign="end">Ações</Table.ColumnHeader>}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {credentials.map((credential) => {
                  const shown = revealed[credential.id];
                  const isShown = credential.id in revealed;
                  return (
                    <Table.Row key={credential.id} data-testid="credential-row">
                      <Table.Cell>
                        <Text fontWeight="medium">{credential.toolName}</Text>
                        <Link
                          href={externalHref(credential.url)}
                          target="_blank"
                          rel="noopener noreferrer"
                          textStyle="xs"
                          color="brand.fg"
                          wordBreak="break-all"
                        >
                          {credential.url}
                        </Link>
                      </Table.Cell>
                      <Table.Cell>
                        <HStack gap="1">
                          <Text>{credential.username}</Text>
                          <IconButton
                            size="2xs"
                            variant="ghost"
                            aria-label="Copiar usuário"
                            onClick={() => void copy('Usuário', credential.username)}
                          >
                            <Copy />
                          </IconButton>
                        </HStack>
                      </Table.Cell>
                      <Table.Cell>
                        <HStack gap="1">
                          <Code variant="surface" colorPalette="gray" fontFamily="mono" data-testid="credential-password" minW="24">
                            {displayedPassword(isShown ? shown : null)}
                          </Code>
                          {canWrite && (
                            <>
                              <IconButton
                                size="2xs"
                                variant="ghost"
                                aria-label={isShown ? 'Ocultar senha' : 'Mostrar senha'}
                                loading={pending === credential.id}
                                onClick={() => (isShown ? hide(credential.id) : void reveal(credential))}
                              >
                                {isShown ? <EyeOff /> : <Eye />}
                              </IconButton>
                              <IconButton
                                size="2xs"
                                variant="ghost"
                                aria-label="Copiar senha"
                                disabled={pending === credential.id}
                                onClick={async () => copy('Senha', await reveal(credential))}
                              >
                                <Copy />
                              </IconButton>
                            </>
                          )}
                        </HStack>
                      </Table.Cell>
                      <Table.Cell maxW="xs">
                        <Text textStyle="sm" color="fg.muted" lineClamp={2} whiteSpace="pre-wrap">
                          {credential.observations || '—'}
                        </Text>
                      </Table.Cell>
                      {canWrite && (
                        <Table.Cell textAlign="end">
                          <HStack gap="1" justify="flex-end">
                            <IconButton size="xs" variant="ghost" aria-label="Editar credencial" onClick={() => openEdit(credential)}>
                              <Pencil />
                            </IconButton>
                            <IconButton
                              size="xs"
                              variant="ghost"
                              colorPalette="red"
                              aria-label="Excluir credencial"
                              onClick={() => {
                                setDeleting(credential);
                                setDeleteOpen(true);
                              }}
                            >
                              <Trash2 />
                            </IconButton>
                          </HStack>
                        </Table.Cell>
                      )}
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>

      {canWrite && (
        <>
          <CredentialDialog
            clientId={clientId}
            credential={editing}
            open={dialogOpen}
            onOpenChange={(open) => {
              setDialogOpen(open);
              // a changed password must be revealed again
              if (!open && editing) hide(editing.id);
            }}
          />
          <ConfirmDialog open={deleteOpen} onOpenChange={setDeleteOpen} title="Excluir credencial" onConfirm={confirmDelete}>
            Tem certeza que deseja excluir a credencial <strong>{deleting?.toolName}</strong>? Esta ação não pode ser desfeita.
          </ConfirmDialog>
        </>
      )}
    </Panel>
  );
}
