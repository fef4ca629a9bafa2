import { Box, Container, Flex, HStack, IconButton, Link } from '@chakra-ui/react';
import type { User } from '@wkflow/contracts';
import { Menu as MenuIcon } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '../components/BrandMark';
import { useOpenedOnce } from '../components/useOpenedOnce';
import { usePermissions } from '../features/auth/usePermissions';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { NotificationPermissionPrompt } from '../features/notifications/NotificationPermissionPrompt';
import { NavLinks } from './NavLinks';
import { canCreateTasks, visibleNavItems } from './navigation';
import { SearchBox } from './SearchBox';
import { TaskActions } from './TaskActions';
import { UserMenu } from './UserMenu';

// The drawer (and the dialog machinery under it) loads when the menu is first opened: desktop never needs it.
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

export interface HeaderProps {
  user: User;
  /** Hook point of 'Nova Tarefa'. */
  onNewTask: () => void;
  /** Hook point of 'Criar com IA'. */
  onCreateWithAi: () => void;
}

/** Sticky header on the theme's surface with a brand-colour top edge: brand, search, task actions, notifications, user menu; module links below. */
export function Header({ user, onNewTask, onCreateWithAi }: HeaderProps) {
  const { subject } = usePermissions();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so later closings keep their animation.
  const menuUsed = useOpenedOnce(menuOpen);
  const items = useMemo(() => visibleNavItems(user, subject), [user, subject]);
  const showTaskActions = canCreateTasks(subject);

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg"
      borderTopWidth="3px"
      borderTopColor="brand.solid"
      borderBottomWidth="1px"
      borderBottomColor="border.muted"
      shadow="xs"
      data-testid="app-header"
    >
      <Container maxW="8xl" px={{ base: '3', md: '6' }}>
        <Flex h="14" align="center" gap={{ base: '2', md: '4' }}>
          <IconButton
            hideFrom="md"
            variant="ghost"
            size="sm"
            aria-label="Abrir menu"
            onClick={() => setMenuOpen(true)}
            data-testid="mobile-menu-button"
          >
            <MenuIcon />
          </IconButton>
          <Link asChild textDecoration="none" _hover={{ textDecoration: 'none' }} data-testid="brand-link" rounded="md">
            <RouterLink to="/" aria-label="WKFlow">
              <BrandMark />
            </RouterLink>
          </Link>
          <Box flex="1" minW="0" maxW="md" hideBelow="md">
            <SearchBox />
          </Box>
          <HStack gap="2" ms="auto">
            {/* Top right, in this row from lg up (a bottom sheet below): see the component. */}
            <NotificationPermissionPrompt />
            {showTaskActions && (
              <Box hideBelow="md">
                <TaskActions onNewTask={onNewTask} onCreateWithAi={onCreateWithAi} />
              </Box>
            )}
            <NotificationBell />
            <UserMenu user={user} />
          </HStack>
        </Flex>
        <Box hideBelow="md" pb="2">
          <NavLinks items={items} orientation="horizontal" />
        </Box>
      </Container>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            items={items}
            showTaskActions={showTaskActions}
            onNewTask={onNewTask}
            onCreateWithAi={onCreateWithAi}
          />
        </Suspense>
      )}
    </Box>
  );
}
