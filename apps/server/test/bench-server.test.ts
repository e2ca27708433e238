// bench:server in its short form (--quick: the tiny NLLB fixture through the real server and, beside
// it, straight through the engine): a row per path with what the JSON promises.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-bench-server-test-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

type Spread = { median: number; min: number; max: number };
type Row = {
  label: string;
  tokens: Spread;
  tokens_per_s: Spread;
  p50_ms: Spread;
  p95_ms: Spread;
  peak_rss_mb: Spread;
};

it('measures the server at 1, 8 and 32 clients beside the engine direct, with the model process memory', () => {
  const out = path.join(folder, 'server-engine.json');
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/server-engine.ts', '--quick', '--out', out], {
    cwd: root,
    stdio: 'pipe',
  });
  const { runs } = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    runs: { commit: string; load: number[][]; server_vm_hwm_mb: number; results: Row[] }[];
  };
  const run = runs[0]!;
  expect(run.commit).toMatch(/^[0-9a-f]+$/);
  expect(run.load[0]).toHaveLength(3);
  expect(run.server_vm_hwm_mb).toBeGreaterThan(0);
  expect(run.results.map((r) => r.label)).toEqual([
    'server, 1 client',
    'server, 8 clients',
    'server, 32 clients',
    'engine direct, batch 8',
  ]);
  const tokens = run.results.map((r) => r.tokens.median);
  // The same sentences on every path: the same tokens generated.
  expect(new Set(tokens).size).toBe(1);
  expect(tokens[0]).toBeGreaterThan(0);
  for (const row of run.results) {
    expect(row.tokens_per_s.median).toBeGreaterThan(0);
    expect(row.p95_ms.median).toBeGreaterThanOrEqual(row.p50_ms.median);
    expect(row.peak_rss_mb.median).toBeGreaterThan(0);
  }
}, 180_000);
