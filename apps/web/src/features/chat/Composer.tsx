import { CHAT_MESSAGE_MAX, type ChatMessage } from '@wkflow/contracts';
import { Box, HStack, IconButton, Text, Textarea } from '@chakra-ui/react';
import { Reply, Send, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { sendMessage } from './chat.api';
import { authorName, canSendMessage, composerKeyAction, excerpt } from './chat.logic';

interface ComposerProps {
  roomId: number | null;
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  onSent: () => void;
}

/** The reply-to banner and the textarea: Enter sends, Shift+Enter inserts a newline. */
export function Composer({ roomId, replyTo, onCancelReply, onSent }: ComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // a new room starts with an empty composer; choosing a message to reply to focuses it
  useEffect(() => setText(''), [roomId]);
  useEffect(() => {
    if (replyTo) inputRef.current?.focus();
  }, [replyTo]);

  async function send() {
    if (sending || !canSendMessage(text, roomId) || roomId == null) return;
    setSending(true);
    try {
      await sendMessage(roomId, { message: text.trim(), replyTo: replyTo?.id ?? null });
      setText('');
      onSent();
    } catch (error) {
      toast.error('Erro ao enviar mensagem', errorMessage(error));
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  }

  return (
    <Box borderTopWidth="1px" borderColor="border.muted" px={{ base: '3', md: '4' }} py="3" bg="bg">
      {replyTo && (
        <HStack
          mb="2"
          px="3"
          py="2"
          gap="3"
          rounded="md"
          bg="bg.muted"
          borderStartWidth="3px"
          borderColor="brand.solid"
          data-testid="reply-banner"
        >
          <Box color="brand.fg" flexShrink={0}>
            <Reply size={16} />
          </Box>
          <Box flex="1" minW="0">
            <Text textStyle="xs" fontWeight="semibold" color="brand.fg">
              Respondendo a {authorName(replyTo)}
            </Text>
            <Text textStyle="sm" color="fg.muted" truncate>
              {excerpt(replyTo.message, 140)}
            </Text>
          </Box>
          <IconButton size="xs" variant="ghost" aria-label="Cancelar resposta" onClick={onCancelReply}>
            <X />
          </IconButton>
        </HStack>
      )}
      <HStack align="flex-end" gap="2">
        <Textarea
          ref={inputRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            const action = composerKeyAction({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing });
            if (action === 'send') {
              e.preventDefault();
              void send();
            } else if (e.key === 'Escape' && replyTo) {
              onCancelReply();
            }
          }}
          placeholder={roomId ? 'Digite uma mensagem...' : 'Selecione uma sala'}
          disabled={roomId == null}
          aria-label="Mensagem"
          maxLength={CHAT_MESSAGE_MAX}
          rows={1}
          autoresize
          maxH="40"
          resize="none"
          bg="bg"
        />
        <IconButton
          colorPalette="brand"
          aria-label="Enviar mensagem"
          onClick={() => void send()}
          loading={sending}
          disabled={!canSendMessage(text, roomId)}
        >
          <Send />
        </IconButton>
      </HStack>
      <Text textStyle="xs" color="fg.muted" mt="1" display={{ base: 'none', md: 'block' }}>
        Enter envia · Shift+Enter quebra linha
      </Text>
    </Box>
  );
}
