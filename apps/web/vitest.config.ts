import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: [
      fileURLToPath(new URL('./src/testing/setup-tests.ts', import.meta.url)),
      // The chat-flow tests build the server's test app: its shared engine ends with the worker.
      fileURLToPath(new URL('../server/test/end-shared-engine.ts', import.meta.url)),
    ],
    // The chat-flow tests stream through several fake services; a loaded 2-core CI box needs the margin.
    testTimeout: 20_000,
    // A worker runs its files one after another in one environment, importing the app once: a
    // fresh process per file cost more than the tests themselves. What a file could leave behind is
    // reset: the DOM and storage after each test (setup-tests.ts), spies after each file (vitest),
    // the API client's server and session with each server a file starts (setApiOrigin); each
    // render has a query cache of its own (render-app.tsx), and the fake timers end with each test.
    isolate: false,
    provide: { sharedEngineLifetime: 'worker' },
  },
});
