import { Box, Button, HStack, Heading, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { ATTACHMENT_MAX_BYTES, type TaskAttachment } from '@wkflow/contracts';
import { Download, Paperclip, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { attachmentDownloadUrl, deleteAttachment, uploadAttachment } from './tasks.api';
import { fileSize } from './tasks.logic';
import { useTaskAttachments } from './useTaskData';

interface TaskAttachmentsProps {
  taskId: number;
  fallback: TaskAttachment[];
  canUpload: boolean;
  /** Whether the user may remove this attachment (uploader, or edit-all). */
  canRemove: (attachment: TaskAttachment) => boolean;
}

/** 'Anexos': list with download, upload (≤ 10 MB, field 'file') and removal. */
export function TaskAttachments({ taskId, fallback, canUpload, canRemove }: TaskAttachmentsProps) {
  const { data } = useTaskAttachments(taskId);
  const attachments = data ?? fallback;
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > ATTACHMENT_MAX_BYTES) {
      toast.error('Erro ao anexar arquivo', 'O arquivo deve ter no máximo 10 MB');
      return;
    }
    setUploading(true);
    try {
      await uploadAttachment(taskId, file);
      toast.success('Anexo adicionado', file.name);
    } catch (err) {
      toast.error('Erro ao anexar arquivo', errorMessage(err));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  async function remove(attachment: TaskAttachment) {
    // The file is gone for good once removed: ask first.
    if (!window.confirm(`Remover o anexo "${attachment.originalName}"? Esta ação não pode ser desfeita.`)) return;
    setRemoving(attachment.id);
    try {
      await deleteAttachment(taskId, attachment.id);
      toast.success('Anexo removido', attachment.originalName);
    } catch (err) {
      toast.error('Erro ao remover anexo', errorMessage(err));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Stack gap="2" as="section" aria-label="Anexos">
      <HStack justify="space-between">
        <HStack gap="2">
          <Paperclip size={16} />
          <Heading as="h3" size="sm">
            Anexos
          </Heading>
        </HStack>
        {canUpload && (
          <>
            <input
              ref={input}
              type="file"
              hidden
              aria-label="Arquivo do anexo"
              onChange={(e) => void onFile(e.target.files?.[0])}
              data-testid="attachment-input"
            />
            <Button size="xs" variant="outline" onClick={() => input.current?.click()} loading={uploading} loadingText="Enviando...">
              <Upload /> Anexar arquivo
            </Button>
          </>
        )}
      </HStack>
      {attachments.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          Nenhum anexo.
        </Text>
      ) : (
        <Stack gap="1">
          {attachments.map((a) => (
            <HStack key={a.id} gap="2" p="2" rounded="md" borderWidth="1px" borderColor="border.muted" data-testid="attachment-row">
              <Box flex="1" minW="0">
                <Link
                  href={attachmentDownloadUrl(taskId, a.id)}
                  download={a.originalName}
                  textStyle="sm"
                  fontWeight="medium"
                  truncate
                  display="block"
                >
                  {a.originalName}
                </Link>
                <Text textStyle="xs" color="fg.muted">
                  {fileSize(a.size)} · {formatDateTime(a.createdAt)}
                </Text>
              </Box>
              <IconButton asChild aria-label={`Baixar ${a.originalName}`} size="xs" variant="ghost">
                <a href={attachmentDownloadUrl(taskId, a.id)} download={a.originalName}>
                  <Download />
                </a>
              </IconButton>
              {canRemove(a) && (
                <IconButton
                  aria-label={`Remover ${a.originalName}`}
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  loading={removing === a.id}
                  onClick={() => void remove(a)}
                >
                  <Trash2 />
                </IconButton>
              )}
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
