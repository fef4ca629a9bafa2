import { Avatar, Box, type BoxProps } from '@chakra-ui/react';
import type { User } from '@wkflow/contracts';
import { forwardRef, lazy, Suspense, useState } from 'react';
import { initials } from '../lib/format';

/**
 * The menu (Chakra's Menu and its state machine, ~12 KB gzipped) is only needed once the avatar is
 * used: it loads on the first hover, focus or click, so it is not part of every page's first load.
 */
const loadPopup = () => import('./UserMenuPopup');
const UserMenuPopup = lazy(loadPopup);

/** The avatar that opens the user menu. */
export const UserAvatarButton = forwardRef<HTMLButtonElement, BoxProps & { user: User }>(function UserAvatarButton(
  { user, ...props },
  ref,
) {
  const shown = initials(user.name || user.username);
  return (
    <Box
      as="button"
      ref={ref}
      rounded="full"
      focusRing="outside"
      // The name starts with the initials shown (WCAG 2.5.3, label in name), then says what it opens.
      aria-label={`${shown}: Menu do usuário`}
      aria-haspopup="menu"
      data-testid="user-menu"
      cursor="pointer"
      {...props}
    >
      <Avatar.Root size="sm" colorPalette="brand" variant="solid">
        <Avatar.Fallback>{shown}</Avatar.Fallback>
      </Avatar.Root>
    </Box>
  );
});

/** Avatar menu: Meu Perfil, Configurações, Sair. */
export function UserMenu({ user }: { user: User }) {
  const [opened, setOpened] = useState(false);
  const placeholder = (
    <UserAvatarButton
      user={user}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuPopup user={user} defaultOpen />
    </Suspense>
  );
}
