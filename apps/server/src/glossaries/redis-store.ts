/**
 * Glossaries in Redis (REDIS_URL), so that every server process behind a balancer sees the same
 * ones. A glossary is a hash (`sema:glossary:{id}`: its summary fields and the entries as JSON) and
 * the ids are a set (`sema:glossaries`). While Redis is away, glossary requests fail with 503
 * rather than answer from a stale or partial copy.
 */
import type { Redis } from 'ioredis';
import { RedisSchemaGate, type RedisStep } from '../lib/store-schema.ts';
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

const IDS = 'sema:glossaries';
const key = (id: string) => `sema:glossary:${id}`;
const SUMMARY = [
  'id',
  'name',
  'source',
  'target',
  'entryCount',
  'createdAt',
  'updatedAt',
  'owner',
  'group',
] as const;

/** The layout, version by version (lib/store-schema.ts: each step safe on a Redis that has it). */
const GLOSSARY_STEPS: RedisStep[] = [
  { version: 1, what: 'a hash per glossary and the set of their ids', up: async () => undefined },
  {
    version: 2,
    // Glossaries kept before they had owners were everyone's: the open server's one tenant.
    what: 'each glossary names its owner',
    up: async (redis) => {
      for (const id of await redis.smembers(IDS)) {
        // Only a glossary that is there: HSETNX on a missing hash would make one without entries.
        if (await redis.exists(key(id))) await redis.hsetnx(key(id), 'owner', OPEN_TENANT);
      }
    },
  },
];

function infoFrom(values: readonly (string | null)[]): GlossaryInfo | undefined {
  // The group is missing for all but a multilingual glossary's further dictionaries.
  if (values.slice(0, -1).some((value) => value === null)) return undefined;
  const [id, name, source, target, entryCount, createdAt, updatedAt, owner, group] = values as string[];
  return {
    id: id!,
    owner: owner!,
    name: name!,
    source: source!,
    target: target!,
    entryCount: Number(entryCount),
    createdAt: createdAt!,
    updatedAt: updatedAt!,
    ...(group ? { group } : {}),
  };
}

export class RedisGlossaryStore implements GlossaryStore {
  readonly kind = 'redis';

  private readonly schema: RedisSchemaGate;

  constructor(private readonly redis: Redis) {
    this.schema = new RedisSchemaGate(redis, 'glossaries', GLOSSARY_STEPS);
  }

  checkLayout() {
    return this.schema.ready();
  }

  async create(glossary: NewGlossary, limits: GlossaryLimits): Promise<StoredGlossary> {
    await this.schema.ready();
    const total = await this.redis.scard(IDS);
    // The owner's count needs every summary: only worth reading when that limit could bite.
    const owned = total < limits.perOwner ? 0 : (await this.list([glossary.owner])).length;
    const stored = newStoredGlossary(glossary, { total, owned }, limits);
    await this.redis.multi().hset(key(stored.id), this.fields(stored)).sadd(IDS, stored.id).exec();
    return stored;
  }

  async list(owners?: readonly Tenant[]): Promise<GlossaryInfo[]> {
    await this.schema.ready();
    const ids = await this.redis.smembers(IDS);
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hmget(key(id), ...SUMMARY);
    const replies = (await pipeline.exec()) ?? [];
    return replies
      .flatMap(([error, values]) => {
        if (error) throw error;
        const info = infoFrom(values as (string | null)[]);
        return info && (!owners || owners.includes(info.owner)) ? [info] : [];
      })
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<StoredGlossary | undefined> {
    await this.schema.ready();
    const values = await this.redis.hmget(key(id), ...SUMMARY, 'entries');
    const info = infoFrom(values.slice(0, SUMMARY.length));
    const entries = values.at(-1);
    if (!info || !entries) return undefined;
    return { ...info, entries: JSON.parse(entries) as GlossaryEntry[] };
  }

  async replace(id: string, glossary: GlossaryChange): Promise<StoredGlossary | undefined> {
    const current = await this.get(id);
    if (!current) return undefined;
    const updated: StoredGlossary = {
      ...current,
      name: glossary.name,
      entries: glossary.entries,
      entryCount: glossary.entries.length,
      updatedAt: new Date().toISOString(),
    };
    await this.redis.hset(key(id), this.fields(updated));
    return updated;
  }

  async setOwner(id: string, owner: Tenant): Promise<boolean> {
    await this.schema.ready();
    // Only an existing glossary: HSET on a missing hash would make a summary without entries.
    if (!(await this.redis.exists(key(id)))) return false;
    await this.redis.hset(key(id), 'owner', owner);
    return true;
  }

  /**
   * Keeps a glossary as it was kept elsewhere, id and times included (the move from SQLite,
   * storage/move-to-redis.ts); false when one with its id is here already (left as it is).
   */
  async adopt(glossary: StoredGlossary): Promise<boolean> {
    await this.schema.ready();
    if (await this.redis.exists(key(glossary.id))) return false;
    await this.redis.multi().hset(key(glossary.id), this.fields(glossary)).sadd(IDS, glossary.id).exec();
    return true;
  }

  async delete(id: string): Promise<boolean> {
    await this.schema.ready();
    const replies = (await this.redis.multi().del(key(id)).srem(IDS, id).exec()) ?? [];
    return replies.some(([, count]) => Number(count) > 0);
  }

  async close(): Promise<void> {
    // The connection is the server's, shared with the cache and the rate limit: not ours to close.
  }

  private fields(glossary: StoredGlossary): Record<string, string> {
    return {
      id: glossary.id,
      owner: glossary.owner,
      name: glossary.name,
      source: glossary.source,
      target: glossary.target,
      entryCount: String(glossary.entryCount),
      createdAt: glossary.createdAt,
      updatedAt: glossary.updatedAt,
      entries: JSON.stringify(glossary.entries),
      ...(glossary.group ? { group: glossary.group } : {}),
    };
  }
}
