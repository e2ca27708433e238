/**
 * Redis holds two kinds of data for Sema: cache that may go (translations, rate-limit windows,
 * document jobs — all with an expiry) and records that may not (stored glossaries, each API key's
 * monthly usage — no expiry). One Redis serves both when it evicts only keys with an expiry
 * (maxmemory-policy volatile-lru, or noeviction) and writes to disk (appendonly). This reads how the
 * Redis at REDIS_URL is run and says what would lose records, for the log at start.
 */
import type { Redis } from 'ioredis';

/** `field:value` lines of an INFO section. */
function infoFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0 && !line.startsWith('#')) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return fields;
}

/** The save points (`save` setting), or undefined where CONFIG is not allowed (managed Redis). */
async function savePoints(redis: Redis): Promise<string | undefined> {
  try {
    const reply = (await redis.call('CONFIG', 'GET', 'save')) as string[];
    return reply[1] ?? '';
  } catch (error) {
    // Refused (a managed Redis renames or forbids CONFIG): unknown. Anything else (a timeout) is
    // an answer not had yet, and the caller may look again.
    if (/unknown command|NOPERM|not allowed|disabled/i.test((error as Error).message)) return undefined;
    throw error;
  }
}

/** What in this Redis's setup would lose glossaries or key usage; empty when nothing would. */
export async function redisRecordRisks(redis: Redis): Promise<string[]> {
  const memory = infoFields(await redis.info('memory'));
  const persistence = infoFields(await redis.info('persistence'));
  const risks: string[] = [];
  const policy = memory.get('maxmemory_policy') ?? '';
  if (policy.startsWith('allkeys-')) {
    risks.push(
      `Redis evicts any key when its memory is full (maxmemory-policy ${policy}): stored glossaries and API-key usage could be evicted with the cache; use volatile-lru (evicts only the cache, whose keys expire) or noeviction`,
    );
  }
  if (persistence.get('aof_enabled') !== '1') {
    const save = await savePoints(redis);
    if (save === '') {
      risks.push(
        'Redis writes nothing to disk (appendonly no, no save points): a Redis restart loses stored glossaries and API-key usage; run it with appendonly yes',
      );
    } else if (save !== undefined) {
      // Debian's and most packaged Redis: snapshots now and then, nothing in between.
      risks.push(
        `Redis keeps records only in snapshots (appendonly no, save ${save}): a crash, a kill or a power cut loses the glossaries and API-key usage written since the last snapshot (up to an hour with few writes); run it with appendonly yes (Debian's redis-server: appendonly yes in /etc/redis/redis.conf, then systemctl restart redis-server)`,
      );
    }
  }
  return risks;
}
