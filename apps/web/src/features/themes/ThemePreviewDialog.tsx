import { Badge, Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { THEME_CATEGORY_LABELS, type Theme } from '@wkflow/contracts';
import { Check, Crown } from 'lucide-react';
import { DialogFrame } from '../../components/DialogFrame';
import { ThemePreview } from './ThemePreview';

interface ThemePreviewDialogProps {
  theme: Theme | null;
  active: boolean;
  pending: boolean;
  onClose: () => void;
  onApply: (theme: Theme) => void;
}

/** Visualizar: a larger preview with Fechar and Aplicar Tema (Já Ativo for the current theme). */
export function ThemePreviewDialog({ theme, active, pending, onClose, onApply }: ThemePreviewDialogProps) {
  return (
    <DialogFrame open={theme !== null} onOpenChange={(next) => !next && onClose()} size="lg">
      {theme && (
        <>
          <Dialog.Header>
            <Stack gap="1">
              <Dialog.Title>{theme.displayName}</Dialog.Title>
              <HStack gap="2">
                <Badge variant="subtle">{THEME_CATEGORY_LABELS[theme.category] ?? theme.category}</Badge>
                {theme.isPremium && (
                  <Badge colorPalette="yellow" variant="subtle">
                    <Crown size={12} /> Premium
                  </Badge>
                )}
              </HStack>
            </Stack>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4">
              <Text color="fg.muted">{theme.description}</Text>
              <ThemePreview colors={theme.colors} large />
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              Fechar
            </Button>
            <Button colorPalette="brand" onClick={() => onApply(theme)} disabled={active} loading={pending} loadingText="Aplicando...">
              {active ? (
                <>
                  <Check /> Já Ativo
                </>
              ) : (
                'Aplicar Tema'
              )}
            </Button>
          </Dialog.Footer>
        </>
      )}
    </DialogFrame>
  );
}
