import {
  Box,
  Button,
  Center,
  EmptyState,
  HStack,
  Icon,
  Input,
  InputGroup,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
import { Building2, Mail, Phone, Plus, Search } from 'lucide-react';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../auth/usePermissions';
import { ClientAvatar } from './ClientAvatar';
import { ClientCreateDialog } from './ClientCreateDialog';
import { filterClients } from './clients.logic';
import type { Client } from '@wkflow/contracts';
import { useClients } from './useClients';

/** /clients: searchable client grid; 'Novo Cliente' with clients write. Needs clients read. */
export default function ClientsPage() {
  const { can } = usePermissions();
  const canWrite = can('clients', 'write');
  const { data, error, isLoading } = useClients();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [creating, setCreating] = useState(false);
  const clients = useMemo(() => filterClients(Array.isArray(data) ? data : [], deferredQuery), [data, deferredQuery]);

  const total = Array.isArray(data) ? data.length : 0;

  return (
    <Box>
      <PageHeader
        title="Clientes"
        description={
          total
            ? `${total} ${total === 1 ? 'cliente cadastrado' : 'clientes cadastrados'}`
            : 'Cadastro de clientes, redes sociais e credenciais de acesso.'
        }
        actions={
          canWrite && (
            <Button colorPalette="brand" onClick={() => setCreating(true)}>
              <Plus /> Novo Cliente
            </Button>
          )
        }
      />

      <InputGroup startElement={<Search size={16} />} mb="5" maxW={{ md: 'md' }}>
        <Input
          type="search"
          bg="bg"
          placeholder="Buscar clientes..."
          aria-label="Buscar clientes"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </InputGroup>

      {isLoading ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h="24" rounded="l3" />
          ))}
        </SimpleGrid>
      ) : error ? (
        <Center py="12">
          <Text color="fg.error">Não foi possível carregar os clientes.</Text>
        </Center>
      ) : clients.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderColor="border.muted" rounded="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Building2 />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title as="h2">{total ? 'Nenhum cliente encontrado' : 'Nenhum cliente cadastrado'}</EmptyState.Title>
              <EmptyState.Description>
                {total
                  ? 'Tente outro termo de busca.'
                  : canWrite
                    ? 'Cadastre o primeiro cliente da agência.'
                    : 'Os clientes cadastrados aparecerão aqui.'}
              </EmptyState.Description>
            </VStack>
            {!total && canWrite && (
              <Button colorPalette="brand" variant="outline" onClick={() => setCreating(true)}>
                <Plus /> Novo Cliente
              </Button>
            )}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="client-list">
          {clients.map((client) => (
            <ClientCard key={client.id} client={client} />
          ))}
        </SimpleGrid>
      )}

      {canWrite && <ClientCreateDialog open={creating} onOpenChange={setCreating} />}
    </Box>
  );
}

function ClientCard({ client }: { client: Client }) {
  return (
    <LinkBox
      as="article"
      bg="bg"
      borderWidth="1px"
      borderColor="border.muted"
      rounded="l3"
      shadow="xs"
      p="4"
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: 'brand.emphasized', shadow: 'sm' }}
      data-testid="client-card"
    >
      <HStack gap="4" align="center">
        <ClientAvatar client={client} />
        <Stack gap="1" minW="0" flex="1">
          <HStack gap="2" minW="0">
            <Box boxSize="2.5" rounded="full" bg={client.color} flexShrink={0} title={client.color} />
            <LinkOverlay asChild>
              <RouterLink to={`/clients/${client.id}`}>
                <Text fontWeight="semibold" truncate>
                  {client.name}
                </Text>
              </RouterLink>
            </LinkOverlay>
          </HStack>
          <ContactLine icon={<Mail />} text={client.email} />
          <ContactLine icon={<Phone />} text={client.phone} />
        </Stack>
      </HStack>
    </LinkBox>
  );
}

function ContactLine({ icon, text }: { icon: ReactNode; text: string | null }) {
  return (
    <HStack gap="1.5" color={text ? 'fg.muted' : 'fg.subtle'} textStyle="sm" minW="0">
      <Icon boxSize="3.5" flexShrink={0}>
        {icon}
      </Icon>
      <Text truncate>{text || '—'}</Text>
    </HStack>
  );
}
