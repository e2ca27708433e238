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
      // The chat-flow tests build the server's test app: its shared engine ends with the file.
      fileURLToPath(new URL('../server/test/end-shared-engine.ts', import.meta.url)),
    ],
    // The chat-flow tests stream through several fake services; a loaded 2-core CI box needs the margin.
    testTimeout: 20_000,
  },
});
