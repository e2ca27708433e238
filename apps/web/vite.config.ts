import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { precompress } from './build/precompress.ts';
import { webAppManifest, workboxOptions } from './build/pwa.ts';

// The server serves dist/ with a history fallback; in dev, Vite forwards the API to a running server.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Installable, and the shell opens with no network; a new release waits for the person's "Reload".
    VitePWA({
      registerType: 'prompt',
      // Registered from the app (features/app-update), after the first paint, not by an injected script.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: webAppManifest,
      workbox: workboxOptions,
    }),
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    // Rare-script fonts are separate files fetched only when such text is shown; never inline them.
    assetsInlineLimit: 0,
    // Every browser the app targets (es2022) supports <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Terser, two passes: about 1.5 kB gzip less than esbuild on the home page's first screen.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
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
