import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { precompress } from './build/precompress.ts';

// The server serves dist/ with a history fallback; in dev, Vite forwards the API to a running server.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    // Rare-script fonts are separate files fetched only when such text is shown; never inline them.
    assetsInlineLimit: 0,
    rollupOptions: {
      // The shared contract builds TypeBox schemas at module level. The app only needs their
      // types and a few constants, so schema construction is marked pure and dropped when unused.
      treeshake: { manualPureFunctions: ['Type'] },
    },
  },
  server: {
    proxy: {
      '/api': process.env.SEMA_API_URL ?? 'http://127.0.0.1:3000',
      '/status': process.env.SEMA_API_URL ?? 'http://127.0.0.1:3000',
    },
  },
});
