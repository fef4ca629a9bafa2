import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { Providers } from './Providers';
import { applyStoredTheme } from '../features/themes/applyTheme';

// The last theme first, so a reload does not flash the default colours before the user's theme loads.
applyStoredTheme();

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
