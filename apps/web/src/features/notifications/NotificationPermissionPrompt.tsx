import { Button, CloseButton, Flex, HStack, Icon, Stack, Text } from '@chakra-ui/react';
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
 * The browser-notification permission prompt (extended.md §2.14): top right, 2 s after load, only while the
 * permission is undecided and the prompt was not dismissed in this session. It hides nothing: from lg up it is
 * a slim bar inside the header's top row, left of the task actions (the search box gives it the room, so nothing
 * under the header moves); below lg, where that row has no room, it is a bottom sheet, so the title, filters and
 * column headers stay in view. Escape dismisses it like 'Agora não'. The header (app/Header.tsx) hosts it.
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
    <Flex
      position={{ base: 'fixed', lg: 'static' }}
      bottom={{ base: '0', lg: 'auto' }}
      insetX={{ base: '0', lg: 'auto' }}
      zIndex={{ base: 'banner', lg: 'auto' }} // the sheet sits under menus, dialogs and toasts, which open over it
      flexShrink="0"
      align={{ base: 'flex-start', lg: 'center' }}
      gap={{ base: '3', lg: '2' }}
      bg="bg.panel"
      borderWidth="1px"
      borderColor={{ base: 'border.muted', lg: 'brand.muted' }}
      roundedTop={{ base: 'l3', lg: 'l2' }}
      roundedBottom={{ base: '0', lg: 'l2' }}
      shadow={{ base: 'lg', lg: 'none' }}
      p={{ base: '4', lg: '1' }}
      ps={{ base: '4', lg: '3' }}
      pb={{ base: 'max(1rem, env(safe-area-inset-bottom))', lg: '1' }}
      role="dialog"
      aria-labelledby="notification-prompt-title"
      aria-describedby="notification-prompt-text"
      data-testid="notification-permission-prompt"
    >
      <Icon color="brand.fg" boxSize={{ base: '5', lg: '4' }} mt={{ base: '0.5', lg: '0' }} flexShrink="0">
        <BellRing />
      </Icon>
      <Stack gap="1" flex="1" direction={{ base: 'column', lg: 'row' }} align={{ base: 'stretch', lg: 'center' }}>
        <Text id="notification-prompt-title" fontWeight="semibold" textStyle={{ base: 'md', lg: 'sm' }} whiteSpace={{ lg: 'nowrap' }}>
          <Words text="Ativar notificações" />
        </Text>
        <Text id="notification-prompt-text" textStyle="sm" color="fg.muted" srOnly={{ base: false, lg: true }}>
          <Words text="Receba avisos no navegador sobre novas tarefas, prazos e mensagens." />
        </Text>
        <HStack mt={{ base: '2', lg: '0' }} gap={{ base: '2', lg: '1' }}>
          <Button size={{ base: 'sm', lg: 'xs' }} colorPalette="brand" onClick={() => void activate()}>
            Ativar
          </Button>
          <Button size={{ base: 'sm', lg: 'xs' }} variant="ghost" onClick={close}>
            Agora não
          </Button>
        </HStack>
      </Stack>
      {/* The bar's 'Agora não' already closes it; the sheet keeps a corner close button. */}
      <CloseButton size="xs" onClick={close} aria-label="Fechar" hideFrom="lg" />
    </Flex>
  );
}
