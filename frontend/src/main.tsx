import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { authOrigins } from './config/auth-origins';
import { preloadApiRoutes } from './lib/api-client';
import { loadAuthSdk } from './lib/auth/firebase';
import { mayHavePersistedUser } from './lib/auth/persisted-user';
import './styles/global.css';

// A reload of a signed-in user waits on Firebase's SDK, then on the API's routes table and on
// requests to Firebase Auth: start fetching the code and connecting now, before React's first
// render, instead of one after the other once the session provider mounts.
if (mayHavePersistedUser()) {
  // A failure here surfaces when the session provider asks for the SDK.
  loadAuthSdk().catch(() => undefined);
  preloadApiRoutes();
  for (const origin of authOrigins(
    import.meta.env.VITE_AUTH_MODE,
    import.meta.env.VITE_AUTH_EMULATOR_URL,
  )) {
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
