import { Box, Container, Flex } from '@chakra-ui/react';
import type { User } from '@wkflow/contracts';
import { Suspense, useCallback } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { AiTaskModalHost } from '../features/ai/AiTaskModalHost';
import { LiveUpdates } from '../features/notifications/LiveUpdates';
import { ActiveTheme } from '../features/themes/ActiveTheme';
import { FloatingTimer } from '../features/timer/FloatingTimer';
import { Header } from './Header';
import { SkipLink } from './SkipLink';
import { newActionPath } from './shellActions';

const MAIN_ID = 'conteudo';

/** The authenticated layout: a skip link, the header on top, the current route below in `main` (lazy pages suspend here). */
export function AppShell({ user }: { user: User }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  // Hook points: the board reads ?new=task / ?new=ai (see shellActions.ts); its filters stay.
  const onNewTask = useCallback(() => navigate(newActionPath('task', pathname, search)), [navigate, pathname, search]);
  const onCreateWithAi = useCallback(() => navigate(newActionPath('ai', pathname, search)), [navigate, pathname, search]);

  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink target={MAIN_ID} />
      <Header user={user} onNewTask={onNewTask} onCreateWithAi={onCreateWithAi} />
      <Box as="main" id={MAIN_ID} tabIndex={-1} flex="1" outline="none">
        <Container maxW="8xl" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }}>
          <Suspense fallback={<FullPageSpinner minH="50vh" />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      {/* Global elements (extended.md §2.2): each feature owns its host (the permission prompt sits in the header). */}
      <AiTaskModalHost />
      <ActiveTheme userId={user.id} />
      <FloatingTimer />
      <LiveUpdates />
    </Flex>
  );
}
