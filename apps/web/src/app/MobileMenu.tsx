import { Box, Button, CloseButton, Drawer, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '../components/BrandMark';
import { useOpenAfterMount } from '../components/useOpenAfterMount';
import { useLogout } from '../features/auth/useLogout';
import { NavLinks } from './NavLinks';
import type { NavItem } from './navigation';
import { SearchBox } from './SearchBox';
import { TaskActions } from './TaskActions';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: NavItem[];
  showTaskActions: boolean;
  onNewTask: () => void;
  onCreateWithAi: () => void;
}

/** The slide-in menu below the md breakpoint: search, task actions, the same links, account. */
export function MobileMenu({ open, onOpenChange, items, showTaskActions, onNewTask, onCreateWithAi }: MobileMenuProps) {
  const logout = useLogout();
  const close = () => onOpenChange(false);
  // Loaded with its first opening: mounted closed, opened on the next commit (see useOpenAfterMount).
  const shown = useOpenAfterMount(open);
  return (
    <Drawer.Root open={shown} onOpenChange={(e) => onOpenChange(e.open)} placement="start" size="xs" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="mobile-menu">
            <Drawer.Header borderBottomWidth="1px" borderColor="border.muted" py="3">
              <Drawer.Title asChild>
                <RouterLink to="/" onClick={close} aria-label="WKFlow">
                  <BrandMark />
                </RouterLink>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              <Stack gap="4">
                <SearchBox />
                {showTaskActions && (
                  <TaskActions
                    stacked
                    onNewTask={() => {
                      close();
                      onNewTask();
                    }}
                    onCreateWithAi={() => {
                      close();
                      onCreateWithAi();
                    }}
                  />
                )}
                <Box>
                  <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" px="3" mb="1">
                    Módulos
                  </Text>
                  <NavLinks items={items} orientation="vertical" testIdPrefix="mobile-nav" onNavigate={close} />
                </Box>
                <Separator />
                <NavLinks
                  items={[
                    { key: 'profile', label: 'Meu Perfil', to: '/profile' },
                    { key: 'settings', label: 'Configurações', to: '/notifications' },
                  ]}
                  orientation="vertical"
                  testIdPrefix="mobile-nav"
                  onNavigate={close}
                />
                <Button
                  variant="ghost"
                  colorPalette="red"
                  justifyContent="flex-start"
                  size="sm"
                  onClick={() => {
                    close();
                    void logout();
                  }}
                  data-testid="mobile-logout"
                >
                  <LogOut /> Sair
                </Button>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
