/**
 * Documents read in English for a chat (POST /api/v1/translate/document with `output=text` and an
 * English target), kept for an hour under an id (`reading_id`), so that the chat turn about the
 * document names the reading (`document: { id }`) instead of sending its text back. A reading belongs
 * to its tenant: another key's turn does not find it. Kept in Redis when REDIS_URL is set (the turn
 * may reach another node), and always in this process too, so a Redis away between the reading and
 * the turn does not lose it on this node.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { DOCUMENT_CONTEXT_CHARS, type DocumentText } from '@sema/shared/chat/document-context';
import type { Tenant } from '../lib/tenant.ts';

/** Long enough for a person to write the question after the document was read. */
export const READING_TTL_MS = 60 * 60 * 1000;
/** Readings this process keeps at most: ~6,000 characters each. */
const KEPT_IN_PROCESS = 500;
const KEY_PREFIX = 'sema:reading:';

interface KeptReading extends DocumentText {
  tenant: Tenant;
}

export class DocumentReadings {
  private readonly here = new LRUCache<string, KeptReading>({ max: KEPT_IN_PROCESS, ttl: READING_TTL_MS });

  constructor(
    private readonly redis: Redis | null,
    private readonly onRedisError: (error: unknown) => void,
  ) {}

  /**
   * Keeps what the model will read of a document (its first DOCUMENT_CONTEXT_CHARS characters) and
   * answers the reading's id.
   */
  async keep(tenant: Tenant, document: DocumentText): Promise<string> {
    const id = randomUUID();
    const cut = document.english.length > DOCUMENT_CONTEXT_CHARS;
    const reading: KeptReading = {
      tenant,
      fileName: document.fileName,
      english: cut ? document.english.slice(0, DOCUMENT_CONTEXT_CHARS) : document.english,
      truncated: document.truncated || cut,
    };
    this.here.set(id, reading);
    await this.redis
      ?.set(KEY_PREFIX + id, JSON.stringify(reading), 'PX', READING_TTL_MS)
      .catch(this.onRedisError);
    return id;
  }

  /** The reading, if `tenant` kept it and it has not expired. */
  async find(id: string, tenant: Tenant): Promise<DocumentText | undefined> {
    let reading = this.here.get(id);
    if (!reading && this.redis) {
      const json = await this.redis.get(KEY_PREFIX + id).catch((error: unknown) => {
        this.onRedisError(error);
        return null;
      });
      reading = json ? (JSON.parse(json) as KeptReading) : undefined;
    }
    if (!reading || reading.tenant !== tenant) return undefined;
    return { fileName: reading.fileName, english: reading.english, truncated: reading.truncated };
  }
}
