import { Badge, Box, Menu, Portal, Text } from '@chakra-ui/react';
import { profileLabel, type User } from '@wkflow/contracts';
import { LogOut, Settings, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useOpenAfterMount } from '../components/useOpenAfterMount';
import { useLogout } from '../features/auth/useLogout';
import { UserAvatarButton } from './UserMenu';

/** The avatar menu itself: Meu Perfil, Configurações, Sair (loaded on demand by UserMenu). */
export default function UserMenuPopup({ user, defaultOpen }: { user: User; defaultOpen: boolean }) {
  const logout = useLogout();
  const [open, setOpen] = useState(defaultOpen);
  // Loaded by the click that opens it: a menu machine created open could close itself at once, so it
  // mounts closed and opens on the next commit (see useOpenAfterMount).
  const shown = useOpenAfterMount(open);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} open={shown} onOpenChange={(e) => setOpen(e.open)}>
      <Menu.Trigger asChild>
        <UserAvatarButton user={user} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Box px="2" py="2">
              <Text fontWeight="semibold" textStyle="sm" truncate>
                {user.name}
              </Text>
              <Text color="fg.muted" textStyle="xs" truncate>
                {user.email}
              </Text>
              <Badge mt="2" size="sm" colorPalette="brand" variant="subtle">
                {profileLabel(user.accessProfileId)}
              </Badge>
            </Box>
            <Menu.Separator />
            <Menu.Item value="profile" asChild>
              <RouterLink to="/profile" data-testid="menu-profile">
                <UserRound size={16} /> Meu Perfil
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="settings" asChild>
              <RouterLink to="/notifications" data-testid="menu-settings">
                <Settings size={16} /> Configurações
              </RouterLink>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item
              value="logout"
              color="fg.error"
              _hover={{ bg: 'bg.error', color: 'fg.error' }}
              onSelect={() => void logout()}
              data-testid="menu-logout"
            >
              <LogOut size={16} /> Sair
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
