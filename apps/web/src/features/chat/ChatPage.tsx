import { Box, Button, Center, Flex, Grid, HStack, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, Hash, MessagesSquare, Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/fetcher';
import { withoutParam } from '../../lib/searchParams';
import { toast } from '../../lib/toast';
import { setViewingRoom } from '../../lib/realtime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePermissions } from '../auth/usePermissions';
import { fetchOlderMessages, markRoomRead } from './chat.api';
import { mayHaveOlder, mergeMessages } from './chat.logic';
import type { ChatMessage, ChatRoom } from '@wkflow/contracts';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { NewRoomDialog } from './NewRoomDialog';
import { RoomList } from './RoomList';
import { useChatRooms, useLatestMessages } from './useChat';

const NO_MESSAGES: ChatMessage[] = [];

interface OlderPages {
  roomId: number;
  messages: ChatMessage[];
  exhausted: boolean;
}

/** /chat: rooms on the left (unread badge, last message, time), the open room on the right. Needs chat read. */
export default function ChatPage() {
  useDocumentTitle('Chat');
  const { can } = usePermissions();
  const canWrite = can('chat', 'write');
  const { user } = useCurrentUser();
  const rooms = useChatRooms();
  const roomList = useMemo(() => (Array.isArray(rooms.data) ? rooms.data : []), [rooms.data]);

  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('sala')) || null;
  const room = roomList.find((r) => r.id === requested) ?? null;
  const roomId = room?.id ?? null;

  const latest = useLatestMessages(roomId);
  const [older, setOlder] = useState<OlderPages | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [creating, setCreating] = useState(false);

  const olderHere = older && older.roomId === roomId ? older : null;
  const latestPage = useMemo(() => (Array.isArray(latest.data) ? latest.data : NO_MESSAGES), [latest.data]);
  const messages = useMemo(() => mergeMessages(olderHere?.messages, latestPage), [olderHere?.messages, latestPage]);
  const canLoadOlder = olderHere ? !olderHere.exhausted : mayHaveOlder(latestPage.length);
  const newestId = messages.length ? messages[messages.length - 1].id : null;

  // A different room: no reply target, no older pages.
  useEffect(() => {
    setReplyTo(null);
    setOlder(null);
  }, [roomId]);

  // The server does not notify us of messages in the room this page shows (any tab counts apart).
  useEffect(() => {
    setViewingRoom(roomId);
    return () => setViewingRoom(null);
  }, [roomId]);

  // Opening a room marks it read (and refreshes the rooms); so does a new message while it is open.
  useEffect(() => {
    if (roomId == null) return;
    markRoomRead(roomId).catch(() => undefined);
  }, [roomId, newestId]);

  const openRoom = useCallback(
    (target: Pick<ChatRoom, 'id'>) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('sala', String(target.id));
        return next;
      });
    },
    [setParams],
  );

  function closeRoom() {
    setParams(withoutParam('sala'));
  }

  async function loadOlder() {
    if (roomId == null || !messages.length || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchOlderMessages(roomId, messages[0].id);
      const list = Array.isArray(page) ? page : [];
      setOlder((prev) => ({
        roomId,
        messages: mergeMessages(prev?.roomId === roomId ? prev.messages : [], list),
        exhausted: !mayHaveOlder(list.length),
      }));
    } catch (error) {
      toast.error('Erro ao carregar mensagens', errorMessage(error));
    } finally {
      setLoadingOlder(false);
    }
  }

  return (
    <Box>
      <Grid
        templateColumns={{ base: '1fr', md: '300px minmax(0, 1fr)' }}
        h={{ base: 'calc(100dvh - 92px)', md: 'calc(100dvh - 150px)' }}
        minH="460px"
        bg="bg"
        borderWidth="1px"
        borderColor="border.muted"
        rounded="l3"
        shadow="xs"
        overflow="hidden"
      >
        {/* Rooms */}
        <Flex
          direction="column"
          borderEndWidth={{ md: '1px' }}
          borderColor="border.muted"
          minH="0"
          display={{ base: room ? 'none' : 'flex', md: 'flex' }}
        >
          <HStack justify="space-between" px="4" py="3" borderBottomWidth="1px" borderColor="border.muted">
            <Heading as="h1" size="md">
              Chat
            </Heading>
            {canWrite && (
              <Button size="xs" variant="outline" onClick={() => setCreating(true)}>
                <Plus /> Nova sala
              </Button>
            )}
          </HStack>
          <Box flex="1" overflowY="auto">
            <RoomList rooms={roomList} isLoading={rooms.isLoading} error={rooms.error} selectedId={roomId} onSelect={openRoom} />
          </Box>
        </Flex>

        {/* Open room */}
        <Flex direction="column" minH="0" minW="0" display={{ base: room ? 'flex' : 'none', md: 'flex' }}>
          {room ? (
            <>
              <HStack px={{ base: '3', md: '5' }} py="3" borderBottomWidth="1px" borderColor="border.muted" gap="3">
                <IconButton size="sm" variant="ghost" aria-label="Voltar às salas" display={{ md: 'none' }} onClick={closeRoom}>
                  <ArrowLeft />
                </IconButton>
                <Center boxSize="9" rounded="md" bg="brand.subtle" color="brand.fg" flexShrink={0}>
                  <Hash size={18} />
                </Center>
                <Box minW="0">
                  <Heading as="h2" size="md" truncate data-testid="room-title">
                    {room.name}
                  </Heading>
                  {room.description && (
                    <Text textStyle="sm" color="fg.muted" truncate>
                      {room.description}
                    </Text>
                  )}
                </Box>
              </HStack>
              <MessageList
                roomId={room.id}
                messages={messages}
                currentUserId={user?.id}
                isLoading={latest.isLoading}
                canLoadOlder={canLoadOlder}
                loadingOlder={loadingOlder}
                onLoadOlder={() => void loadOlder()}
                onReply={canWrite ? setReplyTo : null}
              />
              {canWrite ? (
                <Composer roomId={room.id} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} onSent={() => setReplyTo(null)} />
              ) : (
                <Text px="5" py="3" borderTopWidth="1px" borderColor="border.muted" textStyle="sm" color="fg.muted">
                  Você tem acesso somente de leitura ao chat.
                </Text>
              )}
            </>
          ) : (
            <Center flex="1" p="6">
              <Stack align="center" gap="3" color="fg.muted" textAlign="center">
                <Center boxSize="14" rounded="full" bg="brand.subtle" color="brand.fg">
                  <MessagesSquare size={26} />
                </Center>
                <Text fontWeight="medium" color="fg">
                  {roomList.length ? 'Selecione uma sala' : 'Nenhuma sala ainda'}
                </Text>
                <Text textStyle="sm" maxW="xs">
                  {roomList.length
                    ? 'Escolha uma sala à esquerda para ver as mensagens.'
                    : canWrite
                      ? 'Crie a primeira sala da equipe.'
                      : 'As salas criadas aparecerão aqui.'}
                </Text>
                {!roomList.length && canWrite && !rooms.isLoading && (
                  <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)}>
                    <Plus /> Nova sala
                  </Button>
                )}
              </Stack>
            </Center>
          )}
        </Flex>
      </Grid>
      {canWrite && <NewRoomDialog open={creating} onOpenChange={setCreating} onCreated={(created) => created && openRoom(created)} />}
    </Box>
  );
}
