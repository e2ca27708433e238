/**
 * One writer at a time for a model folder in a shared cache. Several servers may start at once
 * against one model volume (the Compose and Kubernetes recipes' inference nodes): the first to take
 * the folder's lock downloads, the others wait for it to let go and then find the files on disk and
 * verify them instead of downloading them a second time beside it.
 *
 * The lock is a file created exclusively (`wx`) in the folder, holding who took it. Its holder
 * touches it while it works; a lock nobody touched for `staleMs` belonged to a process that died
 * (a container killed mid-download) and is broken, so a crash never blocks the others for good.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueTempName } from '../../lib/unique-temp-name.ts';
import { checkFiles, forgetManifest } from './model-inventory.ts';

export const DOWNLOAD_LOCK_FILE = '.sema-download.lock';

export interface DownloadLockOptions {
  /** A lock not touched for this long is taken to be a dead holder's. */
  staleMs?: number;
  /** How often a waiter looks again. */
  pollMs?: number;
  /** Told once, when another process holds the lock: who it is. */
  onWait?: (holder: string) => void;
}

const DEFAULT_STALE_MS = 60_000;
const DEFAULT_POLL_MS = 500;

/**
 * Downloads a model's missing `files` into `folder` once however many processes start at once:
 * `download` runs holding the folder's lock. A process that had to wait finds what the holder
 * downloaded: it checks those files against the sizes and checksums the holder recorded, and removes
 * any that differ (a holder killed mid-write, a damaged volume) so that its `download` fetches them
 * again; files on disk and sound are not downloaded again.
 */
export async function downloadOnce<T>(
  folder: string,
  files: readonly string[],
  download: () => Promise<T>,
  options: Omit<DownloadLockOptions, 'onWait'> & { onWait?: (holder: string) => void } = {},
): Promise<T> {
  let waited = false;
  return withDownloadLock(
    folder,
    async () => {
      if (waited) {
        const bad = (await checkFiles(folder, files))
          .filter((check) => check.state === 'size' || check.state === 'sha256')
          .map((check) => check.file);
        for (const file of bad) fs.rmSync(path.join(folder, file), { force: true });
        forgetManifest(folder, bad);
      }
      return download();
    },
    {
      ...options,
      onWait: (holder) => {
        waited = true;
        options.onWait?.(holder);
      },
    },
  );
}

/** Runs `work` holding the folder's download lock, waiting for another holder to finish first. */
export async function withDownloadLock<T>(
  folder: string,
  work: () => Promise<T>,
  options: DownloadLockOptions = {},
): Promise<T> {
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  fs.mkdirSync(folder, { recursive: true });
  const lock = path.join(folder, DOWNLOAD_LOCK_FILE);
  const held = await acquire(lock, staleMs, options);
  // Touched well within the stale time, so a slow download is never mistaken for a dead one.
  const heartbeat = setInterval(() => touch(lock, held), Math.max(10, staleMs / 4));
  heartbeat.unref();
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    if (inodeOf(lock) === held) fs.rmSync(lock, { force: true });
  }
}

/** Takes the lock; returns the inode of the lock file it created. */
async function acquire(lock: string, staleMs: number, options: DownloadLockOptions): Promise<number> {
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(lock, `${os.hostname()} pid ${process.pid} since ${new Date().toISOString()}\n`, {
        flag: 'wx',
      });
      const inode = inodeOf(lock);
      if (inode !== undefined) return inode;
      continue; // broken by someone in the instant between: try again
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(lock);
    } catch {
      continue; // let go in the meantime
    }
    if (Date.now() - stat.mtimeMs > staleMs) {
      breakStale(lock, stat.ino);
      continue;
    }
    if (!told) {
      told = true;
      options.onWait?.(readHolder(lock));
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? DEFAULT_POLL_MS));
  }
}

/**
 * Removes a dead holder's lock. It is moved aside first and checked to be the very file found stale:
 * two waiters may break it at once, and the second must not remove the lock the first just took.
 */
function breakStale(lock: string, staleInode: number): void {
  const aside = uniqueTempName(lock, 'stale');
  try {
    fs.renameSync(lock, aside);
  } catch {
    return; // someone else broke it
  }
  if (inodeOf(aside) !== staleInode) {
    // A fresh lock was moved: put it back (a link fails rather than replace a newer one).
    try {
      fs.linkSync(aside, lock);
    } catch {
      /* a newer lock is in place; the one moved aside is given up */
    }
  }
  fs.rmSync(aside, { force: true });
}

function touch(lock: string, held: number): void {
  if (inodeOf(lock) !== held) return;
  const now = new Date();
  try {
    fs.utimesSync(lock, now, now);
  } catch {
    /* gone: the work finishes without it */
  }
}

function inodeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).ino;
  } catch {
    return undefined;
  }
}

function readHolder(lock: string): string {
  try {
    return fs.readFileSync(lock, 'utf8').trim();
  } catch {
    return 'another process';
  }
}
