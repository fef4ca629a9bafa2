import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { Providers } from './Providers';
import { preloadBoardData } from '../features/tasks/useTaskData';
import { applyStoredTheme } from '../features/themes/applyTheme';

// The last theme first, so a reload does not flash the default colours before the user's theme loads.
applyStoredTheme();

// On the board's address its page (a lazy chunk) and the reads of its first card start with the app, not
// after the user and the permissions are known.
if (/^\/(kanban\/?)?$/.test(window.location.pathname)) {
  void import('../features/board/BoardPage');
  preloadBoardData();
}

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
