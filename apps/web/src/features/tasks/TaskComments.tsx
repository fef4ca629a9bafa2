import { Box, Button, Center, Flex, HStack, Heading, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { COMMENT_MAX } from '@wkflow/contracts';
import { MessageSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime, initials } from '../../lib/format';
import { toast } from '../../lib/toast';
import { LinkifiedText } from './LinkifiedText';
import { addComment } from './tasks.api';
import { actorName } from './tasks.logic';
import { commentToSend } from './tasks.schemas';
import { useTaskComments } from './useTaskData';

/** 'Comentários': the box (sent only when not blank) and the list, newest first. */
export function TaskComments({ taskId, onDraftChange }: { taskId: number; onDraftChange?: (draft: string | null) => void }) {
  const { data, isLoading, error } = useTaskComments(taskId);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const content = commentToSend(text);
  // The dialog asks before closing over a comment typed but not sent.
  useEffect(() => {
    onDraftChange?.(content);
  }, [content, onDraftChange]);
  const comments = [...(data ?? [])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

  async function send() {
    if (!content || sending) return;
    setSending(true);
    try {
      await addComment(taskId, content);
      setText('');
      toast.success('Comentário adicionado');
    } catch (err) {
      toast.error('Erro ao adicionar comentário', errorMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="3" as="section" aria-label="Comentários">
      <HStack gap="2">
        <MessageSquare size={16} />
        <Heading as="h3" size="sm">
          Comentários
        </Heading>
      </HStack>
      <Box>
        <Textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          minH="120px"
          maxLength={COMMENT_MAX}
          placeholder="Escreva um comentário..."
          aria-label="Novo comentário"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
          }}
        />
        <Flex justify="flex-end" mt="2">
          <Button size="sm" colorPalette="brand" disabled={!content} loading={sending} onClick={() => void send()}>
            Comentar
          </Button>
        </Flex>
      </Box>
      {isLoading && (
        <Center py="2">
          <Spinner size="sm" />
        </Center>
      )}
      {error && (
        <Text textStyle="sm" color="red.fg">
          {errorMessage(error)}
        </Text>
      )}
      {!isLoading && !error && comments.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          Nenhum comentário ainda.
        </Text>
      )}
      <Stack gap="3">
        {comments.map((comment) => {
          const who = actorName(comment.user);
          return (
            <HStack key={comment.id} align="flex-start" gap="3" data-testid="task-comment">
              <Center boxSize="8" rounded="full" bg="brand.subtle" color="brand.fg" fontWeight="semibold" fontSize="sm" flexShrink={0}>
                {initials(who, 1)}
              </Center>
              <Box flex="1" minW="0">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="medium" textStyle="sm">
                    {who}
                  </Text>
                  <Text textStyle="xs" color="fg.muted">
                    {formatDateTime(comment.createdAt)}
                  </Text>
                </HStack>
                <LinkifiedText
                  text={comment.content}
                  textStyle="sm"
                  mt="1"
                  p="2"
                  rounded="md"
                  bg="bg.muted"
                  data-testid="comment-content"
                />
              </Box>
            </HStack>
          );
        })}
      </Stack>
    </Stack>
  );
}
