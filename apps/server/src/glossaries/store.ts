/**
 * Where glossaries are kept: SQLite on one machine, Redis when REDIS_URL is set (so every server
 * process sees the same glossaries). Both keep a glossary whole — it is always read whole, to
 * translate with it — and its summary apart, so listing never reads the entries.
 */
import { OPEN_TENANT, type Tenant } from '../lib/tenant.ts';
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
  /**
   * The multilingual glossary (DeepL's v3) this one is a dictionary of: the id of its first
   * dictionary; absent for that first one and for a glossary of one pair.
   */
  group?: string;
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
  /** See GlossaryInfo.group. */
  group?: string;
}

export interface GlossaryStore {
  /** `sqlite` or `redis`, for /status. */
  readonly kind: string;
  /** Refuses one past `limits` (GlossaryLimitError). */
  create(glossary: NewGlossary, limits: GlossaryLimits): Promise<StoredGlossary>;
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

/**
 * How many glossaries a server keeps: in all (SEMA_MAX_GLOSSARIES) and per owner
 * (SEMA_MAX_GLOSSARIES_PER_OWNER: each API key, each web session's address; an open server's one
 * tenant, everyone, has only the total).
 */
export interface GlossaryLimits {
  total: number;
  perOwner: number;
}

/** The limits when the configuration says nothing (tests, tools). */
export const DEFAULT_GLOSSARY_LIMITS: GlossaryLimits = { total: 1_000, perOwner: 100 };

/** A limit is reached: a client error naming it, not a fault. */
export class GlossaryLimitError extends Error {
  override name = 'GlossaryLimitError';
  constructor(which: keyof GlossaryLimits, limit: number) {
    super(
      which === 'perOwner'
        ? `You keep ${limit} glossaries, the most one key keeps on this server (SEMA_MAX_GLOSSARIES_PER_OWNER=${limit}): delete one to make room, or ask its operator`
        : `This server keeps at most ${limit} glossaries in all (SEMA_MAX_GLOSSARIES=${limit}): delete one to make room, or ask its operator`,
    );
  }
}

/**
 * A new glossary with its id and times, for a store that holds `total` glossaries, `owned` of them
 * the new one's owner's: both stores refuse one past the limits here (GlossaryLimitError).
 */
export function newStoredGlossary(
  glossary: NewGlossary,
  counts: { total: number; owned: number },
  limits: GlossaryLimits,
  now = new Date(),
): StoredGlossary {
  if (glossary.owner !== OPEN_TENANT && counts.owned >= limits.perOwner)
    throw new GlossaryLimitError('perOwner', limits.perOwner);
  if (counts.total >= limits.total) throw new GlossaryLimitError('total', limits.total);
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
