// bench:models in its short form (--quick: the tiny fixtures of every family, through the engine
// and its model process): one row per family and batch, with what the JSON promises.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-bench-models-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

it('writes a row per family and batch with speed spread, memory, licence and the ratio to NLLB', () => {
  const out = path.join(folder, 'models.json');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/models.ts', '--quick', '--rounds', '1', '--out', out],
    { cwd: root, stdio: 'pipe' },
  );
  const { runs } = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    runs: { commit: string; load_average: { before: number[] }; results: Record<string, unknown>[] }[];
  };
  const run = runs[0]!;
  expect(run.commit).toMatch(/^[0-9a-f]+$/);
  expect(run.load_average.before).toHaveLength(3);
  const rows = run.results.map((r) => [r.model, r.batch, r.licence, r.family]);
  expect(rows).toEqual([
    ['NLLB-200 600M', 1, 'CC-BY-NC-4.0', 'nllb'],
    ['NLLB-200 600M', 8, 'CC-BY-NC-4.0', 'nllb'],
    // A tiny model of the 1.3B export's layout, converted from float32 as `models -- pull` does.
    ['NLLB-200 distilled 1.3B', 1, 'CC-BY-NC-4.0', 'nllb'],
    ['NLLB-200 distilled 1.3B', 8, 'CC-BY-NC-4.0', 'nllb'],
    ['M2M-100 418M', 1, 'MIT', 'm2m100'],
    ['M2M-100 418M', 8, 'MIT', 'm2m100'],
    ['OPUS-MT en-fr', 1, 'CC-BY-4.0', 'marian'],
    ['OPUS-MT en-fr', 8, 'CC-BY-4.0', 'marian'],
    ['OPUS-MT de-en + en-fr, pivot', 1, 'CC-BY-4.0', 'marian'],
    ['OPUS-MT de-en + en-fr, pivot', 8, 'CC-BY-4.0', 'marian'],
  ]);
  for (const row of run.results) {
    expect(row.sentences_per_s).toEqual({
      median: expect.any(Number),
      min: expect.any(Number),
      max: expect.any(Number),
    });
    expect(row.peak_rss_mb).toBeGreaterThan(0);
    expect(row.weights_mb).toBeGreaterThan(0);
    expect(row.vs_nllb_600m_q8).toBeGreaterThan(0);
  }
}, 180_000);
