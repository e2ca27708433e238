import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import { listenForInstallOffer } from './features/app-update/install-prompt';
import { initAuth } from './lib/auth';
import { initTheme } from './lib/theme';

// A malformed or signed-out user record is removed before anything reads it.
initAuth();
// Dark or light before the first frame: the system's preference unless the person chose.
initTheme();
// The browser's install offer comes once, early: kept for the menu's "Install app".
listenForInstallOffer();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
