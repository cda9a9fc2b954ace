import './zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { RelayEnvironmentProvider } from 'react-relay';
import { environment } from './relay/environment.ts';
import { router } from './routes.tsx';
import { startAuthCheck } from './features/accounts/auth.ts';
import './styles/app.css';
import './styles/shell.css';

// index.html carries a static <title> and description for clients without script. Pages
// render their own (React 19 hoists them), so drop the static ones: one <title> at a time.
document.head.querySelectorAll('[data-static-head]').forEach((el) => el.remove());

// Spec §4 auth check: one small viewer query alongside the first page's own, never blocking it.
startAuthCheck();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>
  </StrictMode>,
);
