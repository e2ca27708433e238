import fs from 'node:fs';
import fp from 'fastify-plugin';
import { migratedFiles } from '../../storage/move-to-redis.ts';
import { recordsLeftBehind } from '../../storage/records-left-behind.ts';
import { storeFileProblem, USAGE_STORE } from '../../lib/sqlite-file.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Each store this node writes to (a SQLite file) registers how to ask whether it can write now:
     * undefined when it can, else one sentence naming the file and the fix. `/readyz` fails while
     * any says so.
     */
    storeHealth: Map<string, () => string | undefined>;
  }
}

/**
 * The stores' health, for /readyz. The glossary store registers its own; the usage file (API keys
 * without Redis) is checked here, by its path, once a key could be counted in it: a server without
 * keys never creates it. A new problem is logged once, and its end too. With Redis, the log says at
 * start what the SQLite files still hold that this server no longer reads.
 */
export default fp(
  async (app) => {
    app.decorate('storeHealth', new Map<string, () => string | undefined>());
    const file = app.config.access.usageFile;
    if (app.config.redisUrl) {
      // Records kept in SQLite before Redis was added are not read any more: say so, not nothing.
      app.addHook('onReady', async () => {
        const files = { glossaries: app.config.glossaries.file, usage: file };
        const migrated = app.redis.client
          ? await migratedFiles(app.redis.client, [files.glossaries, files.usage]).catch(
              () => new Set<string>(),
            )
          : new Set<string>();
        for (const sentence of recordsLeftBehind(files, new Date(), migrated)) app.log.warn(sentence);
      });
      return;
    }
    if (file === ':memory:') return;
    const log = app.log.child({ service: 'api-keys' });
    let told: string | undefined;
    app.addHook('onReady', async () => {
      const check = () => {
        const used = app.apiKeys.enabled || fs.existsSync(file);
        const problem = used ? storeFileProblem(file, USAGE_STORE) : undefined;
        if (problem !== told) {
          if (problem) log.error(problem);
          else log.info('the usage store is writable again');
          told = problem;
        }
        return problem;
      };
      app.storeHealth.set('usage', check);
      check();
    });
  },
  { name: 'store-health' },
);
