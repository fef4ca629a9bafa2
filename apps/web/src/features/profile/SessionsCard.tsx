import { Badge, Box, Button, HStack, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import { sessionDeviceLabel, type UserSession } from '@wkflow/contracts';
import { LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { SectionCard } from '../../components/SectionCard';
import { endOtherSessions, endOwnSession, useOwnSessions } from './profile.api';

/** 'Sessões ativas' in 'Meu perfil': where the user is signed in; any other session ends with one click. */
export function SessionsCard() {
  const { data: sessions, error, isLoading } = useOwnSessions();
  const [endingOthers, setEndingOthers] = useState(false);
  const others = (sessions ?? []).filter((s) => !s.current).length;

  async function endOthers() {
    setEndingOthers(true);
    try {
      const ended = await endOtherSessions();
      toast.success(ended === 1 ? '1 sessão encerrada' : `${ended} sessões encerradas`);
    } catch (err) {
      toast.error('Erro ao encerrar sessões', errorMessage(err));
    } finally {
      setEndingOthers(false);
    }
  }

  return (
    <SectionCard title="Sessões ativas" icon={<MonitorSmartphone />}>
      <Stack gap="4" data-testid="own-sessions">
        <Text color="fg.muted" textStyle="sm">
          Navegadores e aparelhos em que você está conectado. Encerre uma sessão que não reconheça ou de um aparelho que perdeu.
        </Text>
        {error ? (
          <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar as sessões.')}</Text>
        ) : isLoading && !sessions ? (
          <Stack gap="3">
            <Skeleton h="14" />
            <Skeleton h="14" />
          </Stack>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Sessões ativas">
            {(sessions ?? []).map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </Stack>
        )}
        <HStack justify="flex-end">
          <Button
            variant="outline"
            colorPalette="red"
            onClick={endOthers}
            loading={endingOthers}
            loadingText="Encerrando..."
            disabled={others === 0}
          >
            <LogOut /> Encerrar as outras sessões
          </Button>
        </HStack>
      </Stack>
    </SectionCard>
  );
}

function SessionRow({ session }: { session: UserSession }) {
  const [ending, setEnding] = useState(false);
  const label = sessionDeviceLabel(session);

  async function end() {
    setEnding(true);
    try {
      await endOwnSession(session.id);
      toast.success('Sessão encerrada', `${label} foi desconectado.`);
    } catch (err) {
      toast.error('Erro ao encerrar sessão', errorMessage(err));
      setEnding(false);
    }
  }

  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="l2" p="3" data-testid="session-row" data-current={session.current}>
      <HStack gap="3" align="flex-start" justify="space-between" flexWrap="wrap">
        <HStack gap="3" align="flex-start" minW="0" flex="1">
          <Icon boxSize="5" color="fg.muted" mt="0.5" aria-hidden>
            {session.mobile ? <Smartphone /> : <Monitor />}
          </Icon>
          <Stack gap="0.5" minW="0">
            <HStack gap="2" flexWrap="wrap">
              <Text fontWeight="medium">{label}</Text>
              {session.current && (
                <Badge colorPalette="green" variant="subtle">
                  Esta sessão
                </Badge>
              )}
            </HStack>
            <Text color="fg.muted" textStyle="sm">
              {session.address ? `IP ${session.address}` : 'Endereço desconhecido'}
              {session.createdAt ? ` · Entrou em ${formatDateTime(session.createdAt)}` : ''}
            </Text>
            <Text color="fg.muted" textStyle="sm">
              {session.current ? 'Ativa agora' : `Última atividade: ${formatDateTime(session.lastSeenAt)}`}
            </Text>
          </Stack>
        </HStack>
        {!session.current && (
          <Button size="sm" variant="ghost" colorPalette="red" onClick={end} loading={ending} aria-label={`Encerrar a sessão: ${label}`}>
            Encerrar
          </Button>
        )}
      </HStack>
    </Box>
  );
}
