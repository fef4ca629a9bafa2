import { Avatar, Box, Button, Center, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { MessagesSquare, Reply } from 'lucide-react';
import { memo, useLayoutEffect, useRef } from 'react';
import { formatDateTime, initials } from '../../lib/format';
import { authorName, excerpt, formatMessageTime } from './chat.logic';
import type { ChatMessage } from '@wkflow/contracts';

interface MessageListProps {
  roomId: number;
  messages: ChatMessage[];
  currentUserId: number | undefined;
  isLoading: boolean;
  canLoadOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onReply: ((message: ChatMessage) => void) | null;
}

/** How close to the bottom (px) still counts as "reading the newest". */
const STICK_DISTANCE = 120;

/**
 * The messages of the open room, oldest first. Scrolls to the newest on opening and when one
 * arrives (if the reader is at the bottom or it is their own); keeps the position when older
 * pages are prepended.
 */
export function MessageList({
  roomId,
  messages,
  currentUserId,
  isLoading,
  canLoadOlder,
  loadingOlder,
  onLoadOlder,
  onReply,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const seen = useRef<{ roomId: number; firstId: number | null; lastId: number | null; height: number }>({
    roomId,
    firstId: null,
    lastId: null,
    height: 0,
  });

  const first = messages[0];
  const last = messages[messages.length - 1];

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const before = seen.current;
    const firstId = first?.id ?? null;
    const lastId = last?.id ?? null;
    if (before.roomId !== roomId || before.lastId === null) {
      el.scrollTop = el.scrollHeight; // opened a room (or its first page arrived)
      stick.current = true;
    } else if (lastId !== before.lastId) {
      if (stick.current || last?.user_id === currentUserId) el.scrollTop = el.scrollHeight;
    } else if (firstId !== before.firstId) {
      el.scrollTop += el.scrollHeight - before.height; // older page prepended: stay on the same message
    }
    seen.current = { roomId, firstId, lastId, height: el.scrollHeight };
  }, [roomId, first?.id, last?.id, last?.user_id, currentUserId]);

  return (
    <Box
      ref={scrollRef}
      flex="1"
      overflowY="auto"
      px={{ base: '3', md: '5' }}
      py="4"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_DISTANCE;
      }}
      data-testid="message-list"
    >
      {isLoading ? (
        <Center h="full">
          <Spinner color="brand.solid" />
        </Center>
      ) : messages.length === 0 ? (
        <Center h="full">
          <Stack align="center" gap="2" color="fg.muted" textAlign="center">
            <MessagesSquare size={28} />
            <Text>Nenhuma mensagem ainda. Comece a conversa!</Text>
          </Stack>
        </Center>
      ) : (
        <Stack gap="3">
          {canLoadOlder && (
            <Center>
              <Button size="xs" variant="outline" onClick={onLoadOlder} loading={loadingOlder} loadingText="Carregando...">
                Carregar mensagens anteriores
              </Button>
            </Center>
          )}
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} own={message.user_id === currentUserId} onReply={onReply} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

const MessageItem = memo(function MessageItem({
  message,
  own,
  onReply,
}: {
  message: ChatMessage;
  own: boolean;
  onReply: ((message: ChatMessage) => void) | null;
}) {
  const author = authorName(message);
  return (
    <HStack
      align="flex-start"
      gap="2.5"
      flexDirection={own ? 'row-reverse' : 'row'}
      className="group"
      data-testid="chat-message"
      data-own={own ? 'true' : undefined}
    >
      <Avatar.Root size="sm" colorPalette={own ? 'brand' : 'gray'} flexShrink={0}>
        <Avatar.Fallback>{initials(author)}</Avatar.Fallback>
      </Avatar.Root>
      <Stack gap="1" maxW={{ base: '85%', md: '70%' }} align={own ? 'flex-end' : 'flex-start'}>
        <HStack gap="2" flexDirection={own ? 'row-reverse' : 'row'}>
          <Text textStyle="sm" fontWeight="semibold">
            {own ? 'Você' : author}
          </Text>
          <Text textStyle="xs" color="fg.muted" title={formatDateTime(message.created_at)}>
            {formatMessageTime(message.created_at)}
          </Text>
          {message.is_edited && (
            <Text textStyle="xs" color="fg.muted">
              (editada)
            </Text>
          )}
        </HStack>
        <HStack gap="1" align="center" flexDirection={own ? 'row-reverse' : 'row'}>
          <Box
            px="3"
            py="2"
            rounded="xl"
            roundedTopLeft={own ? 'xl' : 'sm'}
            roundedTopRight={own ? 'sm' : 'xl'}
            bg={own ? 'brand.solid' : 'bg.muted'}
            color={own ? 'brand.contrast' : 'fg'}
          >
            {message.reply_message && (
              <Box
                mb="1.5"
                ps="2"
                py="0.5"
                borderStartWidth="3px"
                borderColor={own ? 'whiteAlpha.700' : 'brand.solid'}
                opacity={0.9}
                data-testid="reply-quote"
              >
                <Text textStyle="xs" fontWeight="semibold">
                  {message.reply_message.name || message.reply_message.username || 'Usuário'}
                </Text>
                <Text textStyle="xs" lineClamp={2}>
                  {excerpt(message.reply_message.message, 140)}
                </Text>
              </Box>
            )}
            <Text whiteSpace="pre-wrap" wordBreak="break-word" textStyle="sm">
              {message.message}
            </Text>
          </Box>
          {onReply && (
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`Responder a ${author}`}
              title="Responder"
              opacity={{ base: 1, md: 0 }}
              _groupHover={{ opacity: 1 }}
              _focusVisible={{ opacity: 1 }}
              onClick={() => onReply(message)}
            >
              <Reply />
            </IconButton>
          )}
        </HStack>
      </Stack>
    </HStack>
  );
});
