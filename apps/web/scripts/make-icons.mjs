// Draws the installed app's icons (public/icons/*.png) from the favicon's mark, in the sizes phones
// ask for, with the system's Chromium. Run it when the mark changes: `node apps/web/scripts/make-icons.mjs`.
// The PNGs are committed; the build and the tests only read them.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/lib/chromium.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
const BRAND = '#3f3fb5';
// The "S" of public/favicon.svg, drawn on a 32-unit square.
const MARK =
  '<path d="M21.5 10.6c-.9-1.9-2.9-3.1-5.5-3.1-3 0-5 1.6-5 4 0 5.4 10.5 3.1 10.5 8.6 0 2.5-2.2 4.4-5.5 4.4-2.8 0-4.9-1.2-5.8-3.3" fill="none" stroke="#fff" stroke-width="2.8" stroke-linecap="round"/>';

/**
 * `any`: the favicon's rounded square. `maskable`: a full square, the mark shrunk into the middle
 * 60 % so that every launcher's mask (circle, squircle) keeps it whole.
 */
const svg = (kind) =>
  kind === 'maskable'
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)">${MARK}</g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BRAND}"/>${MARK}</svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  // iOS takes a full square and rounds it itself.
  { file: 'apple-touch-icon-180.png', size: 180, kind: 'maskable' },
];

await fs.mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  for (const { file, size, kind } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const image = `data:image/svg+xml,${encodeURIComponent(svg(kind))}`;
    await page.setContent(
      `<body style="margin:0;background:transparent"><img src="${image}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
    console.log(`${file}: ${size}×${size} (${kind})`);
  }
} finally {
  await browser.close();
}
