#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another, each printing its side-by-side ratios.
// A benchmark whose prerequisites are missing says so and is skipped; one that fails stops the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const BENCHES = [
  'api',
  'detect',
  'translation',
  'glossary',
  'shared-cache',
  'translation-real',
  'chat',
  'chat-translated',
  'documents',
  'web-size',
  'lighthouse',
];

let failed = false;
for (const name of BENCHES.filter((bench) => only.length === 0 || only.includes(bench))) {
  const file = ['mjs', 'ts']
    .map((ext) => path.join(root, 'bench', `${name}.${ext}`))
    .find((f) => fs.existsSync(f));
  if (!file) {
    console.log(`\n== ${name}: not present, skipped`);
    continue;
  }
  console.log(`\n== ${name} (${path.relative(root, file)})`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${name} failed (exit ${result.status})`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
