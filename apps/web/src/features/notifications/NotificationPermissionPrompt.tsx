import { Box, Button, CloseButton, Flex, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { browserPermission, requestBrowserPermission } from './browserAlerts';
import { PERMISSION_PROMPT_DELAY_MS, PROMPT_DISMISSED_KEY, shouldShowPermissionPrompt } from './notifications.logic';

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(PROMPT_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissal(): void {
  try {
    sessionStorage.setItem(PROMPT_DISMISSED_KEY, '1');
  } catch {
    // storage unavailable: the prompt may come back on the next load
  }
}

/**
 * The text, word by word in inline blocks. Chrome takes each block holding text as one candidate for the
 * page's largest contentful paint: as a paragraph the prompt (shown 2 s after load) was often larger than the
 * page's own first content and became the page's LCP; as words it never is. It reads and wraps the same.
 */
function Words({ text }: { text: string }) {
  const words = text.split(' ');
  // The space stays inside its word's block (kept by `pre`): a bare space between blocks is text of the paragraph again.
  return words.map((word, i) => (
    <span key={i} style={{ display: 'inline-block', whiteSpace: 'pre' }}>
      {i < words.length - 1 ? `${word} ` : word}
    </span>
  ));
}

/**
 * The browser-notification permission prompt (extended.md §2.14): top right, 2 s after load, only
 * while the permission is undecided and the prompt was not dismissed in this session. On phones it is a
 * bottom sheet instead, so the title, filters and column headers stay in view; Escape dismisses it.
 */
export function NotificationPermissionPrompt() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(
      () => setOpen(shouldShowPermissionPrompt(browserPermission(), dismissedThisSession())),
      PERMISSION_PROMPT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, []);

  // Escape dismisses it like 'Agora não'.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      rememberDismissal();
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  if (!open) return null;

  const close = () => {
    rememberDismissal();
    setOpen(false);
  };
  const activate = async () => {
    close();
    await requestBrowserPermission();
  };

  return (
    <Box
      position="fixed"
      top={{ base: 'auto', md: '20' }}
      bottom={{ base: '0', md: 'auto' }}
      insetStart={{ base: '0', md: 'auto' }}
      insetEnd={{ base: '0', md: '4' }}
      zIndex="banner" // under menus, dialogs and toasts, which open over it
      w={{ base: 'full', md: 'sm' }}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.muted"
      roundedTop="l3"
      roundedBottom={{ base: '0', md: 'l3' }}
      shadow="lg"
      p="4"
      pb={{ base: 'max(1rem, env(safe-area-inset-bottom))', md: '4' }}
      role="dialog"
      aria-label="Ativar notificações"
      data-testid="notification-permission-prompt"
    >
      <Flex gap="3" align="flex-start">
        <Icon color="brand.fg" boxSize="5" mt="0.5">
          <BellRing />
        </Icon>
        <Stack gap="1" flex="1">
          <Text fontWeight="semibold">
            <Words text="Ativar notificações" />
          </Text>
          <Text textStyle="sm" color="fg.muted">
            <Words text="Receba avisos no navegador sobre novas tarefas, prazos e mensagens." />
          </Text>
          <HStack mt="2" gap="2">
            <Button size="sm" colorPalette="brand" onClick={() => void activate()}>
              Ativar
            </Button>
            <Button size="sm" variant="ghost" onClick={close}>
              Agora não
            </Button>
          </HStack>
        </Stack>
        <CloseButton size="xs" onClick={close} aria-label="Fechar" />
      </Flex>
    </Box>
  );
}
