import { Button, CloseButton, Flex, Icon, Text } from '@chakra-ui/react';
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
 * The browser-notification permission prompt (extended.md §2.14): 2 s after load, only while the permission is
 * undecided and the prompt was not dismissed in this session. A non-modal region, not a dialog (it takes no
 * focus and blocks nothing), and a slim one: from lg up a compact bar inside the header's top row, top right,
 * left of the task actions ('Ativar notificações' and an × that is 'Agora não'), narrow enough to leave the
 * search box its width; below lg a one-line bar on the bottom edge (it was a sheet over a fifth of the screen).
 * Escape dismisses it like 'Agora não'. The header (app/Header.tsx) hosts it.
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
      zIndex={{ base: 'banner', lg: 'auto' }} // the bar sits under menus, dialogs and toasts, which open over it
      flexShrink="0"
      align="center"
      gap="2"
      bg={{ base: 'bg.panel', lg: 'transparent' }}
      borderTopWidth={{ base: '1px', lg: '0' }}
      borderColor="border.muted"
      shadow={{ base: 'md', lg: 'none' }}
      px={{ base: '3', lg: '0' }}
      pt={{ base: '2', lg: '0' }}
      pb={{ base: 'max(0.5rem, env(safe-area-inset-bottom))', lg: '0' }}
      role="region"
      aria-label="Ativar notificações"
      aria-describedby="notification-prompt-text"
      data-testid="notification-permission-prompt"
    >
      <Text id="notification-prompt-text" srOnly>
        <Words text="Receba avisos no navegador sobre novas tarefas, prazos e mensagens." />
      </Text>
      <Icon color="brand.fg" boxSize="5" flexShrink="0" hideFrom="lg">
        <BellRing />
      </Icon>
      <Text flex="1" minW="0" textStyle="sm" fontWeight="medium" hideFrom="lg">
        <Words text="Ativar notificações?" />
      </Text>
      <Button
        size={{ base: 'sm', lg: 'xs' }}
        colorPalette="brand"
        variant={{ base: 'solid', lg: 'subtle' }}
        onClick={() => void activate()}
      >
        <Icon hideBelow="lg">
          <BellRing />
        </Icon>
        <Text as="span" hideBelow="lg">
          Ativar notificações
        </Text>
        <Text as="span" hideFrom="lg">
          Ativar
        </Text>
      </Button>
      <CloseButton size={{ base: 'sm', lg: 'xs' }} onClick={close} aria-label="Agora não" title="Agora não" />
    </Flex>
  );
}
