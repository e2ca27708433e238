/**
 * Downloads one large file from the hub so that an interrupted download goes on where it stopped:
 * the bytes go to `<file>.partial`, and a later call asks only for the rest (an HTTP Range
 * request; a server that answers with the whole file instead starts it again). The finished file
 * is renamed into place, so a file under its own name is whole. transformers.js, which downloads
 * the published q8 files, holds a whole file in memory and starts again from nothing: neither
 * works for the float32 1.3B export's 4.5 GB files.
 *
 * The hub gives an LFS file's SHA-256 in `x-linked-etag` (or `etag`); when it does, the file is
 * checked against it, and a file that differs is deleted and refused.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface DownloadedFile {
  bytes: number;
  sha256: string;
  /** Bytes that were on disk already from an interrupted download. */
  resumedFrom: number;
  /** Whether the hub's checksum was there to compare (it matched, or this threw). */
  hubChecked: boolean;
}

/** The hub's SHA-256 of a file, from its ETag when that is one (LFS files). */
function hubSha256(headers: Headers): string | undefined {
  const tag = (headers.get('x-linked-etag') ?? headers.get('etag') ?? '')
    .replace(/^W\//, '')
    .replace(/"/g, '');
  return /^[0-9a-f]{64}$/.test(tag) ? tag : undefined;
}

async function hashOf(file: string, hash: ReturnType<typeof createHash>): Promise<void> {
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
}

export async function downloadResumable(
  url: string,
  target: string,
  onProgress?: (loaded: number, total: number) => void,
): Promise<DownloadedFile> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  let have = fs.statSync(partial, { throwIfNoEntry: false })?.size ?? 0;
  const response = await fetch(url, have > 0 ? { headers: { range: `bytes=${have}-` } } : {});
  if (response.status === 416) {
    // Asked past the end: what is there is not a prefix of this file. Start again.
    await response.body?.cancel();
    fs.rmSync(partial, { force: true });
    return downloadResumable(url, target, onProgress);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`${url}: HTTP ${response.status}${response.status === 404 ? ' (not on the hub)' : ''}`);
  }
  const resumed = response.status === 206;
  if (!resumed) have = 0; // the whole file came: the server does not resume
  const length = Number(response.headers.get('content-length') ?? NaN);
  const total = have + (Number.isFinite(length) ? length : 0);
  const expected = hubSha256(response.headers);
  const hash = createHash('sha256');
  if (resumed) await hashOf(partial, hash);
  const out = fs.openSync(partial, resumed ? 'a' : 'w');
  let loaded = have;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      fs.writeSync(out, chunk);
      hash.update(chunk);
      loaded += chunk.length;
      onProgress?.(loaded, Math.max(total, loaded));
    }
  } finally {
    fs.closeSync(out);
  }
  if (Number.isFinite(length) && loaded !== total)
    throw new Error(`${url}: the connection ended after ${loaded} of ${total} bytes (run it again to go on)`);
  const sha256 = hash.digest('hex');
  if (expected && expected !== sha256) {
    fs.rmSync(partial, { force: true });
    throw new Error(`${url}: SHA-256 ${sha256}, the hub says ${expected}: deleted, run it again`);
  }
  fs.renameSync(partial, target);
  return { bytes: loaded, sha256, resumedFrom: resumed ? have : 0, hubChecked: expected !== undefined };
}
