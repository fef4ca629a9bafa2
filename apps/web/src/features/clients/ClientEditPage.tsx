import { Box, Button, Center, Flex, HStack, Heading, Link, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { ArrowLeft, Building2, KeyRound, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage, errorStatus } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { usePermissions } from '../auth/usePermissions';
import { ClientAvatar } from './ClientAvatar';
import { ClientDetailsTab } from './ClientDetailsTab';
import { deleteClient } from './clients.api';
import { externalHref } from './clients.logic';
import type { Client } from '@wkflow/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NotFound } from '../../components/NotFound';
import { CredentialsTab } from './CredentialsTab';
import { SocialLinksTab } from './SocialLinksTab';
import { useClient } from './useClients';

type TabKey = 'data' | 'social' | 'access';

/**
 * The three tabs share a phone's width, each its icon over its label (in a row, as one line, the third was
 * scrolled off with only its icon in view); from sm up icon and label sit side by side.
 */
const TAB_LAYOUT = {
  flex: { base: '1', sm: '0 0 auto' },
  flexDirection: { base: 'column', sm: 'row' },
  gap: { base: '1', sm: '2' },
  h: { base: 'auto', sm: undefined },
  py: { base: '2', sm: undefined },
  textStyle: { base: 'xs', sm: 'sm' },
  textAlign: 'center',
  whiteSpace: { base: 'normal', sm: 'nowrap' },
} as const;

/**
 * /clients/{id}: tabs 'Dados do Cliente', 'Redes Sociais', 'Senhas & Acessos' (only for a profile
 * whose client_credentials permission lets it read them; the API refuses the rest) and the delete dialog.
 */
export default function ClientEditPage() {
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const { can } = usePermissions();
  const canWrite = can('clients', 'write');
  const canReadCredentials = can('client_credentials', 'read');
  const canWriteCredentials = can('client_credentials', 'write');
  const { data: client, error, isLoading } = useClient(validId ? id : null);
  const [tab, setTab] = useState<TabKey>('data');
  // An administrator may hide the credentials while the tab is open: fall back to the client's data.
  const shownTab: TabKey = tab === 'access' && !canReadCredentials ? 'data' : tab;

  if (!validId || errorStatus(error) === 404)
    return (
      <NotFound
        title="Cliente não encontrado"
        message="O cliente pode ter sido excluído ou o endereço está incorreto."
        backTo="/clients"
        backLabel="Voltar para clientes"
        testId="client-not-found"
      />
    );
  if (error) return <LoadError message={errorMessage(error, 'Não foi possível carregar o cliente.')} />;
  if (isLoading || !client) return <ClientSkeleton />;

  return (
    <Box>
      <ClientHeader client={client} canWrite={canWrite} />
      <Tabs.Root value={shownTab} onValueChange={(e) => setTab(e.value as TabKey)} variant="line" colorPalette="brand" lazyMount>
        <Tabs.List mb="5" overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="data" {...TAB_LAYOUT}>
            <Building2 size={16} /> Dados do Cliente
          </Tabs.Trigger>
          <Tabs.Trigger value="social" {...TAB_LAYOUT}>
            <Share2 size={16} /> Redes Sociais
          </Tabs.Trigger>
          {canReadCredentials && (
            <Tabs.Trigger value="access" {...TAB_LAYOUT}>
              <KeyRound size={16} /> Senhas & Acessos
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="data" pt="0">
          <ClientDetailsTab client={client} canWrite={canWrite} />
        </Tabs.Content>
        <Tabs.Content value="social" pt="0">
          <SocialLinksTab client={client} canWrite={canWrite} />
        </Tabs.Content>
        {canReadCredentials && (
          <Tabs.Content value="access" pt="0">
            <CredentialsTab clientId={client.id} canWrite={canWriteCredentials} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </Box>
  );
}

function BackLink() {
  return (
    <Link asChild color="fg.muted" textStyle="sm" _hover={{ color: 'fg' }}>
      <RouterLink to="/clients">
        <ArrowLeft size={16} /> Clientes
      </RouterLink>
    </Link>
  );
}

function ClientHeader({ client, canWrite }: { client: Client; canWrite: boolean }) {
  useDocumentTitle(client.name);
  const navigate = useNavigate();
  const [deleteOpen, setDeleteOpen] = useState(false);

  async function confirmDelete() {
    try {
      await deleteClient(client.id);
      toast.success('Cliente excluído');
      navigate('/clients', { replace: true });
    } catch (error) {
      // e.g. 409 when the client still has tasks: the server says why
      toast.error('Erro ao excluir cliente', errorMessage(error));
      throw error;
    }
  }

  return (
    <Stack gap="3" mb="6">
      <BackLink />
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" direction={{ base: 'column', md: 'row' }}>
        <HStack gap="4" minW="0" maxW="full">
          <ClientAvatar client={client} size="14" />
          <Box minW="0">
            <HStack gap="2">
              <Box boxSize="3" rounded="full" bg={client.color} flexShrink={0} />
              <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="tight" truncate>
                {client.name}
              </Heading>
            </HStack>
            <Text color="fg.muted" textStyle="sm" truncate>
              {[client.email, client.phone].filter(Boolean).join(' · ') || 'Sem contato cadastrado'}
              {client.website && (
                <>
                  {' · '}
                  <Link href={externalHref(client.website)} target="_blank" rel="noopener noreferrer" color="brand.fg">
                    {client.website}
                  </Link>
                </>
              )}
            </Text>
          </Box>
        </HStack>
        {canWrite && (
          <Button variant="outline" colorPalette="red" onClick={() => setDeleteOpen(true)} flexShrink={0}>
            <Trash2 /> Excluir cliente
          </Button>
        )}
      </Flex>
      {canWrite && (
        <ConfirmDialog open={deleteOpen} onOpenChange={setDeleteOpen} title="Excluir cliente" onConfirm={confirmDelete}>
          Tem certeza que deseja excluir o cliente <strong>{client.name}</strong>? Esta ação não pode ser desfeita.
        </ConfirmDialog>
      )}
    </Stack>
  );
}

function LoadError({ message }: { message: string }) {
  return (
    <Stack gap="4">
      <BackLink />
      <Center py="12">
        <Text color="fg.error">{message}</Text>
      </Center>
    </Stack>
  );
}

function ClientSkeleton() {
  return (
    <Stack gap="6" data-testid="loading">
      <BackLink />
      <HStack gap="4">
        <Skeleton boxSize="14" rounded="lg" />
        <Stack gap="2" flex="1">
          <Skeleton h="7" w="60" />
          <Skeleton h="4" w="80" />
        </Stack>
      </HStack>
      <Skeleton h="10" w="md" />
      <Skeleton h="80" rounded="l3" />
    </Stack>
  );
}
