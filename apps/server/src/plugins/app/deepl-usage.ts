import fp from 'fastify-plugin';

/**
 * What DeepL's /v2/usage reports without API keys: the characters translated through DeepL's API
 * (texts and documents) since this process started. With keys, /v2/usage reports the key's month.
 */
export interface DeeplUsage {
  readonly characters: number;
  add(characters: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    deeplUsage: DeeplUsage;
  }
}

export default fp(
  async (app) => {
    let characters = 0;
    app.decorate('deeplUsage', {
      get characters() {
        return characters;
      },
      add(count: number) {
        characters += count;
      },
    } satisfies DeeplUsage);
  },
  { name: 'deepl-usage' },
);
