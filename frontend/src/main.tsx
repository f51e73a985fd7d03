import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadAuthSdk } from './lib/auth/firebase';
import { mayHavePersistedUser } from './lib/auth/persisted-user';
import './styles/global.css';

// A reload of a signed-in user waits on Firebase's SDK before anything else: start fetching it
// now, before React's first render, instead of when the session provider mounts.
if (mayHavePersistedUser()) void loadAuthSdk();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
