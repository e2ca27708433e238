import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uniqueTempName } from '../../lib/unique-temp-name.ts';
import { DOWNLOAD_LOCK_FILE, downloadOnce, withDownloadLock } from './download-lock.ts';
import { recordManifest } from './model-inventory.ts';

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-download-lock-'));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WEIGHTS = 'onnx/weights.onnx';

/** The weights as a holder left them: downloaded whole and recorded in the manifest. */
async function recordSoundWeights() {
  fs.mkdirSync(path.join(folder, 'onnx'));
  fs.writeFileSync(path.join(folder, WEIGHTS), 'good bytes');
  await recordManifest(folder, [WEIGHTS]);
}

/**
 * Waits as a second downloader while another machine holds the lock for `ms`, then "downloads"
 * (writes good bytes). Says who held the lock and whether the weights were still on disk when this
 * download began (a damaged file must be gone by then, a sound one kept).
 */
async function waitForHolderThenDownload(ms: number) {
  fs.writeFileSync(path.join(folder, DOWNLOAD_LOCK_FILE), 'other-host pid 26\n');
  setTimeout(() => fs.rmSync(path.join(folder, DOWNLOAD_LOCK_FILE)), ms);
  let holder = '';
  let foundOnDisk: boolean | undefined;
  await downloadOnce(
    folder,
    [WEIGHTS],
    async () => {
      foundOnDisk = fs.existsSync(path.join(folder, WEIGHTS));
      fs.writeFileSync(path.join(folder, WEIGHTS), 'good bytes');
    },
    { pollMs: 20, onWait: (who) => (holder = who) },
  );
  return { holder, foundOnDisk };
}

/**
 * What the model loader does under the lock, reduced to its file work: download what is missing
 * (slowly, to a unique temporary name, renamed into place), then record the manifest.
 */
const NODE_SCRIPT = `
import fs from 'node:fs';
import path from 'node:path';
const [, , folder, lockModule, inventoryModule, tempModule, who] = process.argv;
const { downloadOnce } = await import(lockModule);
const { recordManifest } = await import(inventoryModule);
const { uniqueTempName } = await import(tempModule);
const file = path.join(folder, '${WEIGHTS}');
let waitedFor;
// Started at once: each says it is ready, then all go together when the test says so.
fs.writeFileSync(path.join(folder, 'ready-' + who), '');
while (!fs.existsSync(path.join(folder, 'go'))) await new Promise((resolve) => setTimeout(resolve, 10));
await downloadOnce(folder, ['${WEIGHTS}'], async () => {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = uniqueTempName(file);
    for (let i = 0; i < 10; i++) {
      fs.appendFileSync(partial, Buffer.alloc(100_000, i));
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    fs.renameSync(partial, file);
    fs.appendFileSync(path.join(folder, 'downloads.log'), who + '\\n');
  }
  await recordManifest(folder, ['${WEIGHTS}']);
}, { pollMs: 50, onWait: (holder) => (waitedFor = holder) });
console.log(JSON.stringify({ who, waitedFor: waitedFor ?? null }));
`;

describe('downloads into a shared model folder', () => {
  it('several processes starting at once: one downloads, the others wait, then find it whole', async () => {
    const script = path.join(folder, 'node.mjs');
    fs.writeFileSync(script, NODE_SCRIPT);
    const modules = ['./download-lock.ts', './model-inventory.ts', '../../lib/unique-temp-name.ts'].map(
      (relative) => new URL(relative, import.meta.url).href,
    );
    const nodes = ['a', 'b', 'c', 'd'].map((who) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', script, folder, ...modules, who]),
    );
    while (fs.readdirSync(folder).filter((name) => name.startsWith('ready-')).length < nodes.length)
      await sleep(20);
    fs.writeFileSync(path.join(folder, 'go'), '');
    const results = (await Promise.all(nodes)).map(
      ({ stdout }) =>
        JSON.parse(stdout.trim().split('\n').pop()!) as { who: string; waitedFor: string | null },
    );
    // One download, by one of them; the other three waited for a holder.
    const log = fs.readFileSync(path.join(folder, 'downloads.log'), 'utf8').trim().split('\n');
    expect(log).toHaveLength(1);
    expect(results.filter((result) => result.waitedFor !== null)).toHaveLength(3);
    expect(results.find((result) => result.who === log[0])!.waitedFor).toBeNull();
    // The file is whole (every block written, in order) and nothing is left behind.
    const weights = fs.readFileSync(path.join(folder, WEIGHTS));
    expect(weights.length).toBe(1_000_000);
    for (let i = 0; i < 10; i++) expect(weights[i * 100_000 + 99_999]).toBe(i);
    expect(fs.readdirSync(path.join(folder, 'onnx'))).toEqual(['weights.onnx']);
    expect(fs.existsSync(path.join(folder, DOWNLOAD_LOCK_FILE))).toBe(false);
  }, 60_000);

  it('a waiter removes a file that differs from what the holder recorded, and downloads it again', async () => {
    // Another holder recorded the file, then it was damaged (same size, other bytes).
    await recordSoundWeights();
    fs.writeFileSync(path.join(folder, WEIGHTS), 'evil bytes');
    const waited = await waitForHolderThenDownload(200);
    expect(waited.holder).toBe('other-host pid 26');
    expect(waited.foundOnDisk).toBe(false);
  });

  it('a waiter keeps a sound file the holder downloaded', async () => {
    await recordSoundWeights();
    expect((await waitForHolderThenDownload(100)).foundOnDisk).toBe(true);
  });

  it("a dead holder's lock (not touched for the stale time) is broken instead of waited on forever", async () => {
    const lock = path.join(folder, DOWNLOAD_LOCK_FILE);
    fs.writeFileSync(lock, 'killed-container pid 26\n');
    const old = new Date(Date.now() - 10_000);
    fs.utimesSync(lock, old, old);
    const started = Date.now();
    const result = await withDownloadLock(folder, async () => 'mine', { staleMs: 5_000, pollMs: 20 });
    expect(result).toBe('mine');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it("a live holder's lock is kept fresh, so a long download is never taken for a dead one", async () => {
    const order: string[] = [];
    const slow = withDownloadLock(
      folder,
      async () => {
        order.push('slow start');
        await sleep(600); // three times the stale time
        order.push('slow end');
      },
      { staleMs: 200 },
    );
    await sleep(50);
    const waiter = withDownloadLock(folder, async () => order.push('waiter'), { staleMs: 200, pollMs: 20 });
    await Promise.all([slow, waiter]);
    expect(order).toEqual(['slow start', 'slow end', 'waiter']);
  });

  it('a failed download lets go of the lock', async () => {
    await expect(
      withDownloadLock(folder, async () => {
        throw new Error('the hub went away');
      }),
    ).rejects.toThrow('the hub went away');
    expect(fs.existsSync(path.join(folder, DOWNLOAD_LOCK_FILE))).toBe(false);
  });

  it('temporary names differ between processes with the same pid (containers)', () => {
    const names = new Set(Array.from({ length: 50 }, () => uniqueTempName('/models/x/onnx/w.onnx')));
    expect(names.size).toBe(50);
    for (const name of names)
      expect(name).toMatch(new RegExp(`^/models/x/onnx/w\\.onnx\\..*-${process.pid}-[0-9a-f]{8}\\.tmp$`));
  });
});
