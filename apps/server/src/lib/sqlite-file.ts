/**
 * A SQLite file that a store writes to (glossaries, API-key usage). SQLite opens a file it cannot
 * write read-only without a word, and every write then fails ("attempt to write a readonly
 * database") while the server looks healthy: after a restore by another user, say. So the file is
 * checked before it is opened and whenever readiness asks, the check names the file and the fix, and
 * the file is opened only once this process can write it (no restart needed). A file this creates is
 * its owner's alone (0600, in a folder made 0700).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ApiError } from './errors.ts';

/** Which store a file is, for the sentences: its setting and what it keeps. */
export interface StoreFileName {
  /** The setting that names the file: `SEMA_GLOSSARY_DB`. */
  setting: string;
  /** What it keeps, for people: "stored glossaries". */
  keeps: string;
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** This process's user, as `chown` takes it. */
function processUser(): { name: string; uid: number } {
  const uid = process.getuid?.() ?? -1;
  try {
    return { name: os.userInfo().username, uid };
  } catch {
    return { name: String(uid), uid };
  }
}

/** Whether this process may do `mode` (fs.constants) on `file`. */
function may(file: string, mode: number): boolean {
  try {
    fs.accessSync(file, mode);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why this process cannot write the store's file now — one sentence naming the file, its owner and
 * mode, and the fix — or undefined when it can (or would create it). `:memory:` is always writable.
 */
export function storeFileProblem(file: string, name: StoreFileName): string | undefined {
  if (file === ':memory:') return undefined;
  const user = processUser();
  const folder = path.dirname(file);
  const fix = `or set ${name.setting} to a file this user can write`;
  // The file and what SQLite keeps beside it (a restore can leave root's -wal and -shm behind).
  for (const candidate of [file, `${file}-wal`, `${file}-shm`]) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(candidate);
    } catch {
      continue;
    }
    if (!may(candidate, fs.constants.R_OK | fs.constants.W_OK)) {
      return `${candidate} (${name.setting}: ${name.keeps}) cannot be written by this process (user ${user.name}, uid ${user.uid}): it belongs to uid ${stat.uid} with mode ${octal(stat.mode)}. Give it to this user: chown ${user.name} ${file}* && chmod 600 ${file}* (${fix})`;
    }
  }
  // SQLite creates its -wal and -shm files in the folder: it must be writable too.
  let existing = folder;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  if (!may(existing, fs.constants.W_OK | fs.constants.X_OK)) {
    const stat = fs.statSync(existing);
    return `The folder ${existing} of ${file} (${name.setting}: ${name.keeps}) cannot be written by this process (user ${user.name}, uid ${user.uid}): it belongs to uid ${stat.uid} with mode ${octal(stat.mode)}. Give it to this user: chown ${user.name} ${existing} (${fix})`;
  }
  return undefined;
}

/** A store's file could not be written: 503 to the client, the file and the fix on /readyz and in the log. */
export class StoreNotWritableError extends ApiError {
  constructor(
    /** The operator's sentence, naming the file. */
    readonly problem: string,
    name: StoreFileName,
  ) {
    super(
      503,
      'NOT_READY',
      `This server cannot save ${name.keeps} right now: its data file is not writable (the operator's log and /readyz say which); try again later`,
      { 'Retry-After': '10' },
    );
  }
}

/**
 * Opens the store's file for reading and writing, creating it (0600) and its folder (0700) when
 * missing, in WAL mode; throws StoreNotWritableError instead of opening a file this process could
 * only read. `prepare` creates the store's tables.
 */
export function openStoreFile(
  file: string,
  name: StoreFileName,
  prepare: (db: Database.Database) => void,
): Database.Database {
  if (file !== ':memory:') {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    } catch {
      // Said below, with the folder's owner.
    }
    const problem = storeFileProblem(file, name);
    if (problem) throw new StoreNotWritableError(problem, name);
    try {
      fs.closeSync(
        fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o600),
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new Error(`${name.setting}: cannot create ${file}: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
  }
  let db: Database.Database;
  try {
    db = new Database(file);
  } catch (error) {
    // The operator reads which file was meant, resolved (the setting may be relative).
    throw new Error(`${name.setting}: cannot open ${file}: ${(error as Error).message}`, { cause: error });
  }
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 2000');
  prepare(db);
  return db;
}

/**
 * A store's file opened on first use, so that a server that never needs it never creates it
 * (created 0600; refused with the file and the fix while this process cannot write it).
 */
export class LazyStoreFile {
  private db: Database.Database | undefined;

  constructor(
    private readonly file: string,
    private readonly name: StoreFileName,
    private readonly prepare: (db: Database.Database) => void,
  ) {}

  /** The open database, opened (and its tables made) on the first call. */
  open(): Database.Database {
    this.db ??= openStoreFile(this.file, this.name, this.prepare);
    return this.db;
  }

  /** Whether there is anything to read: false while the file was never created. */
  exists(): boolean {
    return this.db !== undefined || this.file === ':memory:' || fs.existsSync(this.file);
  }

  /** Opens a file that exists (upgrading or refusing its layout, at start); one never made stays unmade. */
  openIfMade(): void {
    if (this.exists()) this.open();
  }

  close() {
    this.db?.close();
    this.db = undefined;
  }
}

/**
 * A store's file opened on first use and whenever it can be again: `handle()` answers the open
 * database, opens it once the file is writable (throwing StoreNotWritableError until then), and opens
 * it afresh when the file was replaced underneath (a restore while the server ran); `problem()` is
 * what readiness reports.
 */
export class StoreFile {
  private db: Database.Database | undefined;
  private inode: number | undefined;
  private told: string | undefined;

  constructor(
    readonly file: string,
    readonly name: StoreFileName,
    private readonly prepare: (db: Database.Database) => void,
    /** Told each new problem once (the log), and when it is over. */
    private readonly onProblem: (problem: string | undefined) => void = () => {},
  ) {}

  handle(): Database.Database {
    if (this.db && this.file !== ':memory:' && this.inodeNow() !== this.inode) this.close();
    if (this.db) return this.db;
    try {
      this.db = openStoreFile(this.file, this.name, this.prepare);
    } catch (error) {
      if (error instanceof StoreNotWritableError) this.tell(error.problem);
      throw error;
    }
    this.inode = this.file === ':memory:' ? undefined : this.inodeNow();
    this.tell(undefined);
    return this.db;
  }

  /** Why the file cannot be written now, or undefined; opens it once it can be (after a failure). */
  problem(): string | undefined {
    const problem = storeFileProblem(this.file, this.name);
    this.tell(problem);
    return problem;
  }

  close(): void {
    this.db?.close();
    this.db = undefined;
  }

  private inodeNow(): number | undefined {
    try {
      return fs.statSync(this.file).ino;
    } catch {
      return undefined;
    }
  }

  private tell(problem: string | undefined): void {
    if (problem === this.told) return;
    this.told = problem;
    this.onProblem(problem);
  }
}

/**
 * Runs `query` on a store's file opened read-only, changing nothing (not even its layout's
 * version); undefined when there is no such file or it cannot be read (not a store of ours).
 */
export function readStoreFile<T>(file: string, query: (db: Database.Database) => T): T | undefined {
  if (file === ':memory:' || !fs.existsSync(file)) return undefined;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return query(db);
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

/** The two stores Sema keeps in SQLite without Redis. */
export const GLOSSARY_STORE: StoreFileName = { setting: 'SEMA_GLOSSARY_DB', keeps: 'stored glossaries' };
export const USAGE_STORE: StoreFileName = { setting: 'SEMA_USAGE_DB', keeps: "API keys' monthly usage" };
