// By path: Vite bundles relative imports into its config, while a workspace package would be loaded
// by Node, which cannot run the shared package's TypeScript.
import { WEB_ROUTES } from '../../../packages/shared/src/web-routes.ts';
import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';

/** The brand colour of the favicon and icons (oklch(0.44 0.2 265) in index.css, as sRGB). */
const BRAND = '#3f3fb5';

/** What a phone needs to install Sema on its home screen (icons drawn by scripts/make-icons.mjs). */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Sema — translate and chat in 200+ languages',
  short_name: 'Sema',
  description:
    'Translate text between 200+ languages and chat with an AI assistant in your own language. Free, no signup required.',
  lang: 'en',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: BRAND,
  background_color: '#ffffff',
  categories: ['education', 'productivity', 'utilities'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The shell (HTML, scripts, styles, icons) is precached, so every page opens with the network off.
 * Only the app's own pages fall back to the cached index.html: the API, its docs and the
 * compatibility routes stay with the server. Rare-script fonts are not precached (a phone on a slow
 * network should not fetch 300 kB of fonts it may never show); each is kept once it has been needed.
 * Nothing from the API is cached here: the app keeps its language list itself (lib/query-cache.tsx).
 */
export const workboxOptions: Partial<VitePWAOptions['workbox']> = {
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
  navigateFallback: '/index.html',
  navigateFallbackAllowlist: Object.values(WEB_ROUTES).map(
    (route) => new RegExp(`^${escapeRegExp(route === '/' ? '' : route)}/?(?:[?#].*)?$`),
  ),
  cleanupOutdatedCaches: true,
  runtimeCaching: [
    {
      urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/.+\.woff2$/.test(url.pathname),
      handler: 'CacheFirst',
      options: { cacheName: 'sema-fonts', expiration: { maxEntries: 16 } },
    },
  ],
};
