// Where Chromium is and how we start it, for the end-to-end tests and the Lighthouse benchmark alike.
import fs from 'node:fs';

/** Headless, and quiet: this machine's closed network refuses Chromium's own background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium when present (or CHROMIUM_PATH); undefined lets Playwright use its own, if installed. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => candidate && fs.existsSync(candidate));
}
