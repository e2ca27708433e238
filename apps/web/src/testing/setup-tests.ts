import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { preloadLazyComponents } from '@/lib/lazy';

// jsdom does no layout, so it has no scrolling into view; the app calls it to follow the highlight.
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// What the app loads on demand (dialogs, menus, message actions) is loaded up front, as in a warm app,
// so tests see it render at once.
beforeAll(preloadLazyComponents);

afterEach(() => {
  cleanup();
  // Tests that run against the real server use the node environment: no window there.
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
});
