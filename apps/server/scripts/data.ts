/**
 * `npm run data -- migrate`: copies the records a server kept in SQLite (SEMA_GLOSSARY_DB,
 * SEMA_USAGE_DB: glossaries with their owners, managed API keys, usage counts of keys and web
 * sessions) into the Redis of REDIS_URL, for an operator moving a server onto Redis. Reads the same
 * environment as the server; safe to run again (lib/migrate-to-redis.ts says how). Stop the server
 * first, so that the SQLite files hold everything.
 */
import { Redis } from 'ioredis';
import { configOrFail, fail } from './command-line.ts';
import { migrateToRedis } from '../src/storage/move-to-redis.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const [command] = process.argv.slice(2);
if (command !== 'migrate')
  fail('Usage: npm run data -- migrate   (copies the SQLite records into REDIS_URL)');

const config = configOrFail();
if (!config.redisUrl)
  fail('Set REDIS_URL to the Redis the servers will use: the records are copied into it.');

const redis = new Redis(config.redisUrl, {
  lazyConnect: true,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
});
// Without a listener ioredis prints every failed attempt; the failure is reported below, once.
redis.on('error', () => {});
try {
  await redis.connect();
} catch (error) {
  fail(`Cannot reach Redis at REDIS_URL: ${(error as Error).message}`);
}
try {
  const files = { glossaries: config.glossaries.file, usage: config.access.usageFile };
  const report = await migrateToRedis(files, redis);
  const { glossaries, keys, usage } = report;
  out(
    glossaries.file
      ? `Glossaries (${glossaries.file}): ${glossaries.copied} copied, ${glossaries.present} already in Redis`
      : `Glossaries: no SQLite file at ${files.glossaries}, nothing to copy`,
  );
  if (usage.file) {
    out(`Managed API keys (${usage.file}): ${keys.copied} copied, ${keys.present} already in Redis`);
    out(
      `Usage (${usage.file}): ${plural(usage.counts, 'count', 'counts')} of API keys and web sessions, ${usage.characters} characters added${
        usage.counts === 0 ? ' (nothing new since the last run)' : ''
      }`,
    );
  } else {
    out(`Managed API keys and usage: no SQLite file at ${files.usage}, nothing to copy`);
  }
  out('Done. The SQLite files are left as they were: keep them as a backup.');
} catch (error) {
  fail(`The migration stopped: ${(error as Error).message} (it is safe to run again)`);
} finally {
  redis.disconnect();
}
