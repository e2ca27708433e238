/**
 * Glossaries in a SQLite file (better-sqlite3), for a server on one machine. WAL mode lets several
 * processes on the machine share the file; a glossary's entries are one JSON column, since a
 * glossary is only ever read whole.
 */
import type Database from 'better-sqlite3';
import { GLOSSARY_STORE, readStoreFile, StoreFile } from '../lib/sqlite-file.ts';
import { upgradeSqlite, type SqliteStep } from '../lib/store-schema.ts';
import { OPEN_TENANT, type Tenant } from '../lib/tenant.ts';
import type { GlossaryEntry } from './entries.ts';
import {
  newStoredGlossary,
  type GlossaryChange,
  type GlossaryInfo,
  type GlossaryLimits,
  type GlossaryStore,
  type NewGlossary,
  type StoredGlossary,
} from './store.ts';

interface Row {
  id: string;
  owner: string;
  name: string;
  source: string;
  target: string;
  entry_count: number;
  created_at: string;
  updated_at: string;
  grp: string | null;
  entries?: string;
}

const hasColumn = (db: Database.Database, column: string) =>
  (db.prepare('PRAGMA table_info(glossaries)').all() as { name: string }[]).some(
    (found) => found.name === column,
  );

/** The table's layout, version by version (lib/store-schema.ts: each step safe on a file that has it). */
const GLOSSARY_STEPS: SqliteStep[] = [
  {
    version: 1,
    what: 'one row per glossary, its entries one JSON column',
    up: (db) =>
      db.exec(`CREATE TABLE IF NOT EXISTS glossaries (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        source TEXT NOT NULL,
        target TEXT NOT NULL,
        entry_count INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        entries TEXT NOT NULL
      )`),
  },
  {
    version: 2,
    // Glossaries kept before they had owners were everyone's: they stay with the open server's one
    // tenant, so a server that turns keys on does not show them to every key (the operator can
    // publish or delete them: /api/v1/admin/glossaries).
    what: 'each glossary has an owner',
    up: (db) => {
      if (!hasColumn(db, 'owner'))
        db.exec(`ALTER TABLE glossaries ADD COLUMN owner TEXT NOT NULL DEFAULT '${OPEN_TENANT}'`);
    },
  },
  {
    version: 3,
    what: 'a dictionary names its multilingual glossary (store.ts, GlossaryInfo.group)',
    up: (db) => {
      if (!hasColumn(db, 'grp')) db.exec('ALTER TABLE glossaries ADD COLUMN grp TEXT');
    },
  },
];

/**
 * How many glossaries the file holds, read without writing (at the start of a server that moved to
 * Redis: storage/records-left-behind.ts); undefined without a file.
 */
export const glossariesIn = (file: string): number | undefined =>
  readStoreFile(
    file,
    (db) => (db.prepare('SELECT count(*) AS count FROM glossaries').get() as { count: number }).count,
  );

const info = (row: Row): GlossaryInfo => ({
  id: row.id,
  owner: row.owner,
  name: row.name,
  source: row.source,
  target: row.target,
  entryCount: row.entry_count,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  ...(row.grp ? { group: row.grp } : {}),
});

export class SqliteGlossaryStore implements GlossaryStore {
  readonly kind = 'sqlite';
  /** Opened once this process can write it (lib/sqlite-file.ts); /readyz asks `file.problem()`. */
  readonly file: StoreFile;

  /**
   * `file` is a path (its folder is created) or `:memory:`. `onProblem` hears when the file cannot
   * be written (one sentence naming it and the fix), and when it can again.
   */
  constructor(file: string, onProblem?: (problem: string | undefined) => void) {
    this.file = new StoreFile(
      file,
      GLOSSARY_STORE,
      (db) => upgradeSqlite(db, 'glossaries', GLOSSARY_STEPS, `${file} (SEMA_GLOSSARY_DB)`),
      onProblem,
    );
    // A file it cannot write yet is opened once it can (readiness says why meanwhile).
    if (!this.file.problem()) this.file.handle();
  }

  private get db(): Database.Database {
    return this.file.handle();
  }

  async create(glossary: NewGlossary, limits: GlossaryLimits): Promise<StoredGlossary> {
    const insert = this.db.transaction(() => {
      const counts = this.db
        .prepare('SELECT count(*) AS total, count(*) FILTER (WHERE owner = ?) AS owned FROM glossaries')
        .get(glossary.owner) as { total: number; owned: number };
      const stored = newStoredGlossary(glossary, counts, limits);
      this.db
        .prepare(
          `INSERT INTO glossaries (id, owner, name, source, target, entry_count, created_at, updated_at, entries, grp)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          stored.id,
          stored.owner,
          stored.name,
          stored.source,
          stored.target,
          stored.entryCount,
          stored.createdAt,
          stored.updatedAt,
          JSON.stringify(stored.entries),
          stored.group ?? null,
        );
      return stored;
    });
    return insert();
  }

  async list(owners?: readonly Tenant[]): Promise<GlossaryInfo[]> {
    const columns = 'id, owner, name, source, target, entry_count, created_at, updated_at, grp';
    const rows = (
      owners
        ? this.db
            .prepare(
              `SELECT ${columns} FROM glossaries WHERE owner IN (${owners.map(() => '?').join(', ')}) ORDER BY created_at, id`,
            )
            .all(...owners)
        : this.db.prepare(`SELECT ${columns} FROM glossaries ORDER BY created_at, id`).all()
    ) as Row[];
    return rows.map(info);
  }

  async get(id: string): Promise<StoredGlossary | undefined> {
    const row = this.db.prepare('SELECT * FROM glossaries WHERE id = ?').get(id) as Row | undefined;
    if (!row) return undefined;
    return { ...info(row), entries: JSON.parse(row.entries!) as GlossaryEntry[] };
  }

  async replace(id: string, glossary: GlossaryChange): Promise<StoredGlossary | undefined> {
    const updatedAt = new Date().toISOString();
    const { changes } = this.db
      .prepare('UPDATE glossaries SET name = ?, entries = ?, entry_count = ?, updated_at = ? WHERE id = ?')
      .run(glossary.name, JSON.stringify(glossary.entries), glossary.entries.length, updatedAt, id);
    return changes === 0 ? undefined : this.get(id);
  }

  async setOwner(id: string, owner: Tenant): Promise<boolean> {
    return this.db.prepare('UPDATE glossaries SET owner = ? WHERE id = ?').run(owner, id).changes > 0;
  }

  async delete(id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM glossaries WHERE id = ?').run(id).changes > 0;
  }

  async close(): Promise<void> {
    this.file.close();
  }
}
