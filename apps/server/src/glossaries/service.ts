/**
 * Stored glossaries as routes use them. Each belongs to the tenant that made it (lib/tenant.ts): a
 * tenant sees, uses, changes and deletes its own, and sees and uses the ones the operator shared;
 * another tenant's glossary is answered exactly as one that does not exist. The store's failures
 * become a clear 503 (never a crash or a half-answer), and a glossary is compiled once per version
 * for translation, not once a request.
 */
import { LRUCache } from 'lru-cache';
import { ApiError } from '../lib/errors.ts';
import { SHARED_TENANT, type Tenant } from '../lib/tenant.ts';
import { compileGlossary, type Glossary } from '../translation/protected-spans.ts';
import type { GlossaryEntry } from './entries.ts';
import {
  DEFAULT_GLOSSARY_LIMITS,
  GlossaryLimitError,
  isGlossaryId,
  type GlossaryLimits,
  type GlossaryChange,
  type GlossaryInfo,
  type GlossaryStore,
  type NewGlossary,
  type StoredGlossary,
} from './store.ts';

export interface GlossaryLog {
  warn(details: object, message: string): void;
}

/** A stored glossary ready to translate with. */
export interface LoadedGlossary {
  stored: StoredGlossary;
  compiled: Glossary;
}

export class GlossaryService {
  private readonly compiled = new LRUCache<string, Glossary>({ max: 100 });

  constructor(
    private readonly store: GlossaryStore,
    private readonly log: GlossaryLog,
    private readonly limits: GlossaryLimits = DEFAULT_GLOSSARY_LIMITS,
  ) {}

  get kind(): string {
    return this.store.kind;
  }

  create(glossary: NewGlossary): Promise<StoredGlossary> {
    return this.guard(() => this.store.create(glossary, this.limits));
  }

  /** The tenant's own glossaries and the shared ones, oldest first. */
  list(tenant: Tenant): Promise<GlossaryInfo[]> {
    return this.guard(() => this.store.list(tenant === SHARED_TENANT ? [tenant] : [tenant, SHARED_TENANT]));
  }

  /** Undefined for an id the tenant may not see (another's, or a malformed one included). */
  async get(tenant: Tenant, id: string): Promise<StoredGlossary | undefined> {
    const stored = await this.anyones(id);
    return stored && (stored.owner === tenant || stored.owner === SHARED_TENANT) ? stored : undefined;
  }

  /**
   * Undefined when the tenant may not see it; a 403 for a shared one, which only the operator
   * changes (/api/v1/admin/glossaries).
   */
  async replace(tenant: Tenant, id: string, change: GlossaryChange): Promise<StoredGlossary | undefined> {
    if (!(await this.mayChange(tenant, id))) return undefined;
    return this.guard(() => this.store.replace(id, change));
  }

  /** False when the tenant may not see it; a 403 for a shared one. */
  async delete(tenant: Tenant, id: string): Promise<boolean> {
    if (!(await this.mayChange(tenant, id))) return false;
    return this.guard(() => this.store.delete(id));
  }

  /** The operator's view: every glossary, whoever owns it. */
  listAll(): Promise<GlossaryInfo[]> {
    return this.guard(() => this.store.list());
  }

  /** The operator's: any glossary by id. */
  anyones(id: string): Promise<StoredGlossary | undefined> {
    return isGlossaryId(id) ? this.guard(() => this.store.get(id)) : Promise.resolve(undefined);
  }

  /** The operator's: gives a glossary to another tenant (SHARED_TENANT publishes it). */
  setOwner(id: string, owner: Tenant): Promise<boolean> {
    return isGlossaryId(id) ? this.guard(() => this.store.setOwner(id, owner)) : Promise.resolve(false);
  }

  /** The operator's: deletes any glossary. */
  deleteAnyones(id: string): Promise<boolean> {
    return isGlossaryId(id) ? this.guard(() => this.store.delete(id)) : Promise.resolve(false);
  }

  private async mayChange(tenant: Tenant, id: string): Promise<boolean> {
    const stored = await this.get(tenant, id);
    if (!stored) return false;
    if (stored.owner !== tenant) {
      throw new ApiError(
        403,
        'GLOSSARY_READ_ONLY',
        "This glossary is shared by the server's operator: it can be used, not changed or deleted",
      );
    }
    return true;
  }

  /** The glossary compiled for translation (cached per version), or undefined if there is none. */
  async load(tenant: Tenant, id: string): Promise<LoadedGlossary | undefined> {
    const stored = await this.get(tenant, id);
    if (!stored) return undefined;
    const version = `${stored.id}@${stored.updatedAt}`;
    let compiled = this.compiled.get(version);
    if (!compiled) {
      compiled = compileGlossary(Object.fromEntries(stored.entries))!;
      this.compiled.set(version, compiled);
    }
    return { stored, compiled };
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof GlossaryLimitError) throw new ApiError(409, 'GLOSSARY_LIMIT', error.message);
      this.log.warn({ err: error, store: this.store.kind }, 'glossary store failed');
      throw new ApiError(
        503,
        'GLOSSARIES_UNAVAILABLE',
        'Glossaries are unavailable right now; try again shortly',
        {
          'Retry-After': '5',
        },
      );
    }
  }
}

/** Entries merged: the stored glossary's, then the request's own (which win for the same term). */
export function mergedEntries(
  stored: readonly GlossaryEntry[],
  request: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const merged = new Map(stored.map(([term, translation]) => [term.toLowerCase(), [term, translation]]));
  for (const [term, translation] of Object.entries(request ?? {})) {
    merged.set(term.trim().toLowerCase(), [term, translation]);
  }
  return Object.fromEntries(merged.values());
}
