#!/usr/bin/env node
// Lighthouse (the npm package, 12.x: 13 needs Node ≥ 22.19) on the built app, served by the real
// Sema server on a free port, in the system Chromium, with Lighthouse's default mobile settings
// (simulated slow 4G and a 4× slower CPU). Issue 16's aim: performance ≥ 98 on every page,
// accessibility 100 (and best practices 100); the spec's original front end scores 94, 100 and 96.
// Each page is measured LIGHTHOUSE_RUNS times (default 3) and the best run is printed, with the
// machine's load average: on a busy machine the simulated timings, and so performance, drop.
// Accessibility and best practices do not depend on load: below 100 the bench fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { CHROMIUM_ARGS, chromiumPath } from '../scripts/lib/chromium.mjs';
import { root, startSema } from './lib.mjs';

const ROUTES = process.env.LIGHTHOUSE_ROUTES?.split(',') ?? ['/', '/developer', '/login', '/about'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PERFORMANCE_AIM = 98;
const ORIGINAL = { performance: 94, accessibility: 100, 'best-practices': 96 };
const chromePath = chromiumPath();
if (!chromePath) {
  console.log('skipped: no Chromium found (set CHROMIUM_PATH)');
  process.exit(0);
}

// Builds the web app when its build is missing or older than its sources (as `npm start` does).
const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const tinyModel = path.join(root, 'apps/server/test/fixtures/tiny-nllb');
const sema = await startSema({
  ...(fs.existsSync(tinyModel) ? { SEMA_NLLB_MODEL: tinyModel } : {}),
  SEMA_CHAT_PROVIDER: 'none',
});
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: CHROMIUM_ARGS,
});

const score = (category) => Math.round((category?.score ?? 0) * 100);
const ms = (audit) => `${Math.round(audit.numericValue)} ms`;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
console.log(
  `load average before: ${load()} (${os.availableParallelism()} cores); best of ${RUNS} runs per page`,
);
let failed = false;
const performances = [];
try {
  for (const route of ROUTES) {
    /** @type {import('lighthouse').Result | undefined} */
    let best;
    for (let run = 0; run < Math.max(1, RUNS); run++) {
      const result = await lighthouse(`${sema.url}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
      if (!best || score(result.lhr.categories.performance) > score(best.categories.performance))
        best = result.lhr;
    }
    if (!best) throw new Error(`Lighthouse gave no result for ${route}`);
    const { categories, audits } = best;
    const scores = {
      performance: score(categories.performance),
      accessibility: score(categories.accessibility),
      'best-practices': score(categories['best-practices']),
    };
    console.log(
      `${route.padEnd(11)} performance ${scores.performance} (original ${ORIGINAL.performance}), accessibility ${scores.accessibility} (${ORIGINAL.accessibility}), best practices ${scores['best-practices']} (${ORIGINAL['best-practices']})`,
    );
    console.log(
      `            FCP ${ms(audits['first-contentful-paint'])}, LCP ${ms(audits['largest-contentful-paint'])}, TBT ${ms(audits['total-blocking-time'])}, CLS ${audits['cumulative-layout-shift']?.numericValue?.toFixed(3)}, speed index ${ms(audits['speed-index'])}`,
    );
    const missed = Object.values(audits).filter(
      (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    );
    for (const audit of missed) {
      // Where it failed: the first few elements an audit names, so a failure can be found.
      const details = audit.details;
      /** @type {{ node?: { snippet?: string; selector?: string } }[]} */
      const items = details && 'items' in details && Array.isArray(details.items) ? details.items : [];
      const nodes = items
        .slice(0, 3)
        .map((item) => item.node?.snippet ?? item.node?.selector)
        .filter(Boolean);
      console.log(`            failed audit: ${audit.id}${nodes.length ? ` (${nodes.join('; ')})` : ''}`);
    }
    if (scores.accessibility < 100 || scores['best-practices'] < 100) failed = true;
    performances.push(scores.performance);
  }
} finally {
  await chrome.kill();
  await sema.stop();
}
const lowest = Math.min(...performances);
console.log(
  `performance ≥ ${PERFORMANCE_AIM} on every page: ${lowest >= PERFORMANCE_AIM ? 'PASS' : `FAIL (lowest ${lowest})`}; ` +
    `accessibility and best practices 100: ${failed ? 'FAIL' : 'PASS'}; load average after: ${load()}`,
);
process.exit(failed ? 1 : 0);
