/**
 * Stored glossaries as routes use them: the store's failures become a clear 503 (never a crash or
 * a half-answer), and a glossary is compiled once per version for translation, not once a request.
 */
import { LRUCache } from 'lru-cache';
import { ApiError } from '../lib/errors.ts';
import { compileGlossary, type Glossary } from '../translation/protected-spans.ts';
import type { GlossaryEntry } from './entries.ts';
import {
  GlossaryStoreFullError,
  isGlossaryId,
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
  ) {}

  get kind(): string {
    return this.store.kind;
  }

  create(glossary: NewGlossary): Promise<StoredGlossary> {
    return this.guard(() => this.store.create(glossary));
  }

  list(): Promise<GlossaryInfo[]> {
    return this.guard(() => this.store.list());
  }

  /** Undefined for an id that is not a glossary here (a malformed id included). */
  get(id: string): Promise<StoredGlossary | undefined> {
    return isGlossaryId(id) ? this.guard(() => this.store.get(id)) : Promise.resolve(undefined);
  }

  replace(id: string, glossary: Omit<NewGlossary, 'source' | 'target'>): Promise<StoredGlossary | undefined> {
    return isGlossaryId(id) ? this.guard(() => this.store.replace(id, glossary)) : Promise.resolve(undefined);
  }

  delete(id: string): Promise<boolean> {
    return isGlossaryId(id) ? this.guard(() => this.store.delete(id)) : Promise.resolve(false);
  }

  /** The glossary compiled for translation (cached per version), or undefined if there is none. */
  async load(id: string): Promise<LoadedGlossary | undefined> {
    const stored = await this.get(id);
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
      if (error instanceof GlossaryStoreFullError) throw new ApiError(409, 'GLOSSARY_LIMIT', error.message);
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
