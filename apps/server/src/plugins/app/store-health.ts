import fp from 'fastify-plugin';

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

export default fp(
  async (app) => {
    app.decorate('storeHealth', new Map<string, () => string | undefined>());
  },
  { name: 'store-health' },
);
