import { Box, Button, Center, HStack, Icon, Image, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { deleteClientLogo, uploadClientLogo } from './clients.api';
import { LOGO_ACCEPT, logoFileError } from './clients.logic';
import type { Client } from '@wkflow/contracts';

const HiddenFileInput = chakra('input');

/**
 * The logo box ('PNG, JPG até 5MB'): pick or drop a file, checked here for type and size before
 * POST /api/clients/{id}/logo; preview while it uploads; remove with DELETE.
 */
export function ClientLogoBox({ client, canWrite }: { client: Client; canWrite: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const current = client.logoUrl;
  const shown = preview ?? current;

  async function upload(file: File | undefined) {
    if (!file || busy) return;
    const error = logoFileError(file);
    setProblem(error);
    if (error) return;
    setPreview(URL.createObjectURL(file));
    setBusy('upload');
    try {
      await uploadClientLogo(client.id, file);
      toast.success('Logo atualizado');
    } catch (err) {
      toast.error('Erro ao enviar logo', errorMessage(err));
    } finally {
      setBusy(null);
      setPreview(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  async function remove() {
    setBusy('remove');
    setProblem(null);
    try {
      await deleteClientLogo(client.id);
      toast.success('Logo removido');
    } catch (err) {
      toast.error('Erro ao remover logo', errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (canWrite) void upload(event.dataTransfer.files[0]);
  }

  return (
    <Stack gap="3" data-testid="logo-box">
      <Text fontWeight="medium" textStyle="sm">
        Logo
      </Text>
      <Center
        role={canWrite ? 'button' : undefined}
        tabIndex={canWrite ? 0 : undefined}
        aria-label={canWrite ? (shown ? 'Trocar logo' : 'Enviar logo: clique ou arraste uma imagem') : undefined}
        onClick={() => canWrite && inputRef.current?.click()}
        onKeyDown={(e) => {
          if (canWrite && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            inputRef.current?.click();
          }
        }}
        onDragOver={(e) => {
          if (!canWrite) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        position="relative"
        h="44"
        rounded="l3"
        borderWidth="2px"
        borderStyle={shown ? 'solid' : 'dashed'}
        borderColor={dragging ? 'brand.solid' : problem ? 'border.error' : 'border'}
        bg={dragging ? 'brand.subtle' : 'bg.subtle'}
        cursor={canWrite ? 'pointer' : 'default'}
        overflow="hidden"
        transition="border-color 0.15s, background 0.15s"
        _hover={canWrite ? { borderColor: 'brand.emphasized' } : undefined}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        {shown ? (
          <Image src={shown} alt={`Logo de ${client.name}`} maxH="full" maxW="full" objectFit="contain" p="3" />
        ) : (
          <Stack align="center" gap="2" color="fg.muted" textAlign="center" px="4">
            <Icon boxSize="8">
              <ImageUp />
            </Icon>
            <Text textStyle="sm">{canWrite ? 'Clique ou arraste uma imagem' : 'Sem logo'}</Text>
          </Stack>
        )}
        {busy === 'upload' && (
          <Center position="absolute" inset="0" bg="bg/70">
            <Spinner color="brand.solid" />
          </Center>
        )}
      </Center>
      <Text textStyle="xs" color="fg.muted" textAlign="center">
        PNG, JPG até 5MB
      </Text>
      {problem && (
        <Text textStyle="sm" color="fg.error" role="alert" data-testid="logo-error">
          {problem}
        </Text>
      )}
      {canWrite && (
        <HStack gap="2" justify="center">
          <Button
            size="sm"
            variant="outline"
            onClick={() => inputRef.current?.click()}
            loading={busy === 'upload'}
            disabled={busy !== null}
          >
            <ImageUp /> {current ? 'Trocar logo' : 'Enviar logo'}
          </Button>
          {current && (
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              onClick={() => void remove()}
              loading={busy === 'remove'}
              disabled={busy !== null}
            >
              <Trash2 /> Remover
            </Button>
          )}
        </HStack>
      )}
      {canWrite && (
        <Box display="none">
          <HiddenFileInput
            ref={inputRef}
            type="file"
            accept={LOGO_ACCEPT}
            data-testid="logo-input"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </Box>
      )}
    </Stack>
  );
}
