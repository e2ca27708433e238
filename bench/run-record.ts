// What every engine bench records beside its figures: the commit measured and the machine's load
// (this machine is shared: a figure without its load cannot be read), and the run appended to its
// results file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { root } from './lib.mjs';

/** The short hash of the checkout's HEAD, or `unknown` outside git. */
export const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();

/** The 1, 5 and 15 minute load averages, to two decimals. */
export const loadAverage = () => os.loadavg().map((x) => Number(x.toFixed(2)));

/** Appends `run` to the `runs` of the JSON results file `out` (made if missing). */
export function appendRun(out: string, run: object): void {
  const previous = fs.existsSync(out)
    ? (JSON.parse(fs.readFileSync(out, 'utf8')) as { runs?: unknown[] })
    : {};
  fs.writeFileSync(out, `${JSON.stringify({ runs: [...(previous.runs ?? []), run] }, null, 2)}\n`);
}
