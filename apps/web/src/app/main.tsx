import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { Providers } from './Providers';
import { applyStoredTheme } from '../features/themes/applyTheme';

// The last theme first, so a reload does not flash the default colours before the user's theme loads.
applyStoredTheme();

// On the board's address its page (a lazy chunk) starts loading with the app, not after the user is known.
if (/^\/(kanban\/?)?$/.test(window.location.pathname)) void import('../features/board/BoardPage');

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
