/**
 * Where glossaries are kept: SQLite on one machine, Redis when REDIS_URL is set (so every server
 * process sees the same glossaries). Both keep a glossary whole — it is always read whole, to
 * translate with it — and its summary apart, so listing never reads the entries.
 */
import type { Tenant } from '../lib/tenant.ts';
import type { GlossaryEntry } from './entries.ts';

/** A glossary without its entries, as lists show it. */
export interface GlossaryInfo {
  id: string;
  /** Whose it is (lib/tenant.ts): a key, a web session's address, everyone (open), or shared. */
  owner: Tenant;
  name: string;
  /** Catalogue codes of the language pair it translates. */
  source: string;
  target: string;
  entryCount: number;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

export interface StoredGlossary extends GlossaryInfo {
  entries: GlossaryEntry[];
}

export interface NewGlossary {
  owner: Tenant;
  name: string;
  source: string;
  target: string;
  entries: GlossaryEntry[];
}

export interface GlossaryStore {
  /** `sqlite` or `redis`, for /status. */
  readonly kind: string;
  create(glossary: NewGlossary): Promise<StoredGlossary>;
  /** The glossaries of these owners (every glossary, for the operator, without a list), oldest first. */
  list(owners?: readonly Tenant[]): Promise<GlossaryInfo[]>;
  /** Whoever owns it: the service decides who may see it. */
  get(id: string): Promise<StoredGlossary | undefined>;
  /** Replaces the name and entries; undefined when there is no such glossary. */
  replace(id: string, glossary: GlossaryChange): Promise<StoredGlossary | undefined>;
  /** Gives it to another owner (the operator publishing it); false when there is no such glossary. */
  setOwner(id: string, owner: Tenant): Promise<boolean>;
  /** False when there was no such glossary. */
  delete(id: string): Promise<boolean>;
  close(): Promise<void>;
}

/** What a replace changes: the name and the entries (never the pair, nor the owner). */
export type GlossaryChange = Pick<NewGlossary, 'name' | 'entries'>;

/** The most glossaries one server keeps (each up to 10,000 entries). */
export const MAX_GLOSSARIES = 1_000;

/** The store is full: a client error, not a fault. */
export class GlossaryStoreFullError extends Error {
  override name = 'GlossaryStoreFullError';
  constructor() {
    super(`This server keeps at most ${MAX_GLOSSARIES} glossaries: delete one to make room`);
  }
}

/**
 * A new glossary with its id and times, for a store that holds `count` already: both stores refuse
 * the one past MAX_GLOSSARIES here (GlossaryStoreFullError).
 */
export function newStoredGlossary(glossary: NewGlossary, count: number, now = new Date()): StoredGlossary {
  if (count >= MAX_GLOSSARIES) throw new GlossaryStoreFullError();
  const time = now.toISOString();
  return {
    id: crypto.randomUUID(),
    ...glossary,
    entryCount: glossary.entries.length,
    createdAt: time,
    updatedAt: time,
  };
}

/** Ids are UUIDs: anything else is not a glossary of ours (and never reaches a query). */
export const isGlossaryId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
