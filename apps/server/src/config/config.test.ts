import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './fields.ts';
import { parseRateLimit, parseTrustProxy } from './parsers.ts';
import { configWarnings, loadConfig, variablesOf } from './read.ts';
import { configurationMarkdown } from './docs.ts';
import { ConfigSchema } from './schema.ts';

describe('loadConfig', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    // A first run on a laptop is reachable from that laptop only.
    expect(config.host).toBe('127.0.0.1');
    expect(config.maxTextChars).toBe(5000);
    expect(config.rateLimit).toBeNull();
    expect(config.translation).toMatchObject({ engine: 'builtin', model: 'Xenova/nllb-200-distilled-600M' });
    // The built-in engine's older name still picks it, with its settings.
    expect(
      loadConfig({ SEMA_TRANSLATION_ENGINE: 'nllb', SEMA_TRANSLATION_BEAMS: '4' }).translation,
    ).toMatchObject({
      engine: 'builtin',
      beams: 4,
    });
    expect(config.chat).toMatchObject({ provider: 'local', threads: expect.any(Number) });
    expect(loadConfig({ SEMA_CHAT_PROVIDER: 'openai' }).chat).toMatchObject({
      model: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B',
      baseUrl: 'https://router.huggingface.co/v1',
    });
    expect(config.timeouts).toEqual({
      headersMs: 20_000,
      requestMs: 120_000,
      idleMs: 300_000,
      keepAliveMs: 72_000,
      streamStallMs: 60_000,
    });
    expect([config.maxChatsPerClient, config.maxDocumentsPerClient]).toEqual([3, 2]);
  });

  it('reads the main translation model from SEMA_TRANSLATION_MODEL, and from SEMA_NLLB_MODEL when unset', () => {
    const model = (env: Record<string, string>) => (loadConfig(env).translation as { model?: string }).model;
    expect(model({ SEMA_TRANSLATION_MODEL: 'Xenova/m2m100_418M' })).toBe('Xenova/m2m100_418M');
    expect(model({ SEMA_NLLB_MODEL: 'models/nllb' })).toBe('models/nllb');
    expect(model({ SEMA_TRANSLATION_MODEL: 'Xenova/m2m100_418M', SEMA_NLLB_MODEL: 'models/nllb' })).toBe(
      'Xenova/m2m100_418M',
    );
  });

  it('chooses the OpenAI-compatible chat provider when a key or base URL is given', () => {
    expect(loadConfig({ HF_TOKEN: 'hf_x' }).chat).toMatchObject({ provider: 'openai', apiKey: 'hf_x' });
    expect(loadConfig({ SEMA_CHAT_BASE_URL: 'http://127.0.0.1:8080/v1/' }).chat).toMatchObject({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:8080/v1',
    });
  });

  it.each([
    ['PORT', 'abc', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be a whole number from 0 to 65535/],
    ['SEMA_TRANSLATION_ENGINE', 'magic', /SEMA_TRANSLATION_ENGINE must be one of builtin, remote, kserve/],
    ['SEMA_CHAT_BASE_URL', 'ftp://x', /SEMA_CHAT_BASE_URL must be an http\(s\) URL/],
    ['SEMA_RATE_LIMIT', 'lots', /SEMA_RATE_LIMIT must look like 60\/minute/],
    ['SEMA_MAX_CHATS_PER_CLIENT', '0', /SEMA_MAX_CHATS_PER_CLIENT must be a whole number from 1/],
    ['SEMA_HEADERS_TIMEOUT_MS', '5', /SEMA_HEADERS_TIMEOUT_MS must be a whole number from 100/],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reads a comma-separated list of remote servers, each checked', () => {
    const config = loadConfig({
      SEMA_TRANSLATION_ENGINE: 'remote',
      SEMA_TRANSLATION_URL: 'http://inference-1:3000/, http://inference-2:3000',
    });
    expect(config.translation).toMatchObject({
      engine: 'remote',
      remoteUrls: ['http://inference-1:3000', 'http://inference-2:3000'],
    });
    expect(() =>
      loadConfig({ SEMA_TRANSLATION_ENGINE: 'remote', SEMA_TRANSLATION_URL: 'http://a:1,ftp://b' }),
    ).toThrow(/SEMA_TRANSLATION_URL must be an http\(s\) URL/);
  });

  it('needs a URL for the remote engine: a start-up error naming both variables', () => {
    for (const url of [undefined, ' , ']) {
      expect(() => loadConfig({ SEMA_TRANSLATION_ENGINE: 'remote', SEMA_TRANSLATION_URL: url })).toThrow(
        /^SEMA_TRANSLATION_ENGINE=remote needs SEMA_TRANSLATION_URL \(base urls of other full sema servers/,
      );
    }
  });

  it('reads the kserve engine: its servers, model name and tokenizer, and needs a URL', () => {
    expect(
      loadConfig({
        SEMA_TRANSLATION_ENGINE: 'kserve',
        SEMA_KSERVE_URL: 'http://triton-1:8000/,http://triton-2:8000',
      }).translation,
    ).toMatchObject({
      engine: 'kserve',
      kserveUrls: ['http://triton-1:8000', 'http://triton-2:8000'],
      kserveModel: 'nllb',
      kserveTokenizer: 'Xenova/nllb-200-distilled-600M',
    });
    expect(() => loadConfig({ SEMA_TRANSLATION_ENGINE: 'kserve' })).toThrow(
      /^SEMA_TRANSLATION_ENGINE=kserve needs SEMA_KSERVE_URL/,
    );
  });

  it("reads only the chosen engine's and provider's settings", () => {
    // A bad value of an engine that is not chosen does not stop the server (it is warned about).
    const config = loadConfig({
      SEMA_TRANSLATION_ENGINE: 'remote',
      SEMA_TRANSLATION_URL: 'http://a:1',
      SEMA_NLLB_BEAMS: 'x',
    });
    expect(config.translation).not.toHaveProperty('beams');
    expect(loadConfig({ SEMA_CHAT_PROVIDER: 'none' }).chat).toEqual({
      provider: 'none',
      timeoutMs: 120_000,
      maxInputChars: 32_000,
    });
  });
});

describe('configWarnings', () => {
  it('names SEMA_* variables that nothing reads, with the closest real name', () => {
    expect(configWarnings({ SEMA_RATE_LIMT: '60/minute', SEMA_FROBNICATE: '1', PATH: '/usr/bin' })).toEqual([
      'SEMA_FROBNICATE is not a Sema setting and is ignored',
      'SEMA_RATE_LIMT is not a Sema setting and is ignored (did you mean SEMA_RATE_LIMIT?)',
    ]);
  });

  it('names settings of an engine or provider that is not the chosen one', () => {
    expect(configWarnings({ SEMA_TRANSLATION_URL: 'http://a:1' })).toEqual([
      'SEMA_TRANSLATION_URL is ignored: it applies when SEMA_TRANSLATION_ENGINE=remote',
    ]);
    expect(
      configWarnings({ SEMA_CHAT_PROVIDER: 'none', SEMA_CHAT_MODEL: 'x', SEMA_CHAT_THREADS: '2' }),
    ).toEqual([
      'SEMA_CHAT_MODEL is ignored: it applies when SEMA_CHAT_PROVIDER=openai',
      'SEMA_CHAT_THREADS is ignored: it applies when SEMA_CHAT_PROVIDER=local',
    ]);
    // Shared settings, and a key both providers read, are never "ignored".
    expect(
      configWarnings({ SEMA_CHAT_API_KEY: 'k', SEMA_BATCH_WINDOW_MS: '2', SEMA_CHAT_TIMEOUT_MS: '1000' }),
    ).toEqual([]);
    expect(configWarnings({})).toEqual([]);
  });

  it("says that processes sharing Redis without one session secret refuse each other's web sessions", () => {
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379', SEMA_WEB_ACCESS: 'session' };
    expect(configWarnings(redis)).toEqual([
      expect.stringMatching(
        /^REDIS_URL is set but SEMA_SESSION_SECRET is not: .*refused \(401\) by every other process sharing this Redis.*openssl rand -hex 32\)$/,
      ),
    ]);
    expect(configWarnings({ ...redis, SEMA_SESSION_SECRET: 'x'.repeat(32) })).toEqual([]);
    // No tokens at all (the default, key): nothing to share.
    expect(configWarnings({ ...redis, SEMA_WEB_ACCESS: 'key' })).toEqual([]);
    expect(configWarnings({ REDIS_URL: redis.REDIS_URL })).toEqual([]);
  });
});

describe('secrets', () => {
  it("refuse the deploy files' placeholder, and anything shorter than 32 characters", () => {
    expect(() => loadConfig({ SEMA_SESSION_SECRET: 'replace-with-openssl-rand-hex-32' })).toThrow(
      'SEMA_SESSION_SECRET is still the placeholder of the deploy files: set it to a random value (openssl rand -hex 32)',
    );
    expect(() => loadConfig({ SEMA_ADMIN_TOKEN: 'short' })).toThrow(
      'SEMA_ADMIN_TOKEN must be at least 32 characters (got 5)',
    );
    expect(loadConfig({ SEMA_SESSION_SECRET: 'a'.repeat(64) }).access.sessionSecret).toBe('a'.repeat(64));
  });
});

describe('parseRateLimit', () => {
  it('reads count per unit, and treats empty or off as no limit', () => {
    expect(parseRateLimit('60/minute')).toEqual({ max: 60, windowMs: 60_000, raw: '60/minute' });
    expect(parseRateLimit('10 / seconds')).toEqual({ max: 10, windowMs: 1000, raw: '10/second' });
    expect(parseRateLimit('')).toBeNull();
    expect(parseRateLimit('off')).toBeNull();
    expect(() => parseRateLimit('0/minute')).toThrow(ConfigError);
  });
});

describe('parseTrustProxy', () => {
  it('trusts no forwarded header by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
  });

  it('reads a hop count or a list of addresses, networks and proxy-addr names', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.0/8, loopback ,::1, fd00::/8,192.168.1.7')).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
      'fd00::/8',
      '192.168.1.7',
    ]);
  });

  it.each(['true', '10.0.0.0/33', 'proxy.example.com', '1.2.3', '10.0.0.1,', '99'])(
    'refuses %s with a message naming SEMA_TRUST_PROXY',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(/SEMA_TRUST_PROXY/);
    },
  );
});

describe('REDIS_URL', () => {
  it('is optional: without it the cache and counters stay in the process', () => {
    const config = loadConfig({});
    expect(config.redisUrl).toBeUndefined();
    expect(config.translation.cacheTtlSeconds).toBe(7 * 86_400);
  });

  it.each([
    'redis://127.0.0.1:6379/0',
    'redis://:s3cret@cache.internal:6380/2',
    'rediss://user:s3cret@redis.example.com',
    'redis://localhost',
  ])('accepts %s', (url) => {
    expect(loadConfig({ REDIS_URL: url }).redisUrl).toBe(url);
  });

  it.each([
    ['localhost:6379', /not a URL|scheme/],
    ['http://127.0.0.1:6379', /the scheme is not redis or rediss/],
    ['redis://127.0.0.1:99999', /not a URL/],
    ['redis://127.0.0.1:6379/zero', /the database must be a number/],
    ['redis://', /not a URL|no host/],
  ])('refuses %s with a message naming REDIS_URL', (url, why) => {
    expect(() => loadConfig({ REDIS_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: url })).toThrow(/^REDIS_URL must look like redis:\/\//);
    expect(() => loadConfig({ REDIS_URL: url })).toThrow(why);
  });

  it("refuses the deploy files' placeholder password, as it does the session secret's", () => {
    expect(() =>
      loadConfig({ REDIS_URL: 'redis://:replace-with-openssl-rand-hex-24@sema-redis:6379' }),
    ).toThrow("REDIS_URL's password is still the placeholder of the deploy files");
    expect(loadConfig({ REDIS_URL: 'redis://:4f2a9c@sema-redis:6379' }).redisUrl).toBe(
      'redis://:4f2a9c@sema-redis:6379',
    );
  });

  it('never repeats the password of a refused URL', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://:hunter2@host:6379/x' })).toThrow(
      "got 'redis://***@host:6379/x'",
    );
  });

  it('takes the shared cache TTL in seconds, 0 keeping translations out of Redis', () => {
    expect(loadConfig({ SEMA_TRANSLATION_CACHE_TTL_SECONDS: '0' }).translation.cacheTtlSeconds).toBe(0);
    expect(() => loadConfig({ SEMA_TRANSLATION_CACHE_TTL_SECONDS: '-1' })).toThrow(
      /SEMA_TRANSLATION_CACHE_TTL_SECONDS must be a whole number/,
    );
  });
});

describe('docs/configuration.md', () => {
  it('lists every variable the reader reads, with its default', () => {
    const markdown = configurationMarkdown();
    for (const name of variablesOf(ConfigSchema).keys()) expect(markdown).toContain(`| \`${name}\` |`);
    expect(markdown).toContain('| `SEMA_TRANSLATION_BEAMS` | `1` | 1 – 8 |');
    expect(markdown).toContain('| `SEMA_NLLB_BEAMS` | — | 1 – 8 | Read when SEMA_TRANSLATION_BEAMS is unset');
    expect(markdown).toContain('(when SEMA_TRANSLATION_ENGINE is remote)');
  });
});

describe('path settings', () => {
  const started = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-started-'));

  it('resolve against the folder the user started in (INIT_CWD), not the server workspace', () => {
    const config = loadConfig({
      INIT_CWD: started,
      SEMA_GLOSSARY_DB: 'data/glossaries.sqlite',
      SEMA_WEB_DIST: 'web',
      SEMA_MODEL_CACHE: '../models',
      SEMA_CHAT_LOCAL_MODEL: 'models/chat.gguf',
    });
    expect(config.glossaries.file).toBe(path.join(started, 'data/glossaries.sqlite'));
    expect(config.webDist).toBe(path.join(started, 'web'));
    expect(config.models.cache).toBe(path.resolve(started, '../models'));
    expect(config.chat).toMatchObject({
      provider: 'local',
      localModel: path.join(started, 'models/chat.gguf'),
    });
    // A hub URI stays one; :memory: stays itself.
    expect(loadConfig({ INIT_CWD: started, SEMA_CHAT_LOCAL_MODEL: 'hf:org/repo/x.gguf' }).chat).toMatchObject(
      {
        localModel: 'hf:org/repo/x.gguf',
      },
    );
    expect(loadConfig({ INIT_CWD: started, SEMA_GLOSSARY_DB: ':memory:' }).glossaries.file).toBe(':memory:');
  });

  it('fall back to the working folder without INIT_CWD', () => {
    expect(loadConfig({ SEMA_GLOSSARY_DB: 'g.sqlite' }).glossaries.file).toBe(
      path.join(process.cwd(), 'g.sqlite'),
    );
  });

  it('read a keys file from there, and name the resolved path when it cannot be read', () => {
    fs.writeFileSync(path.join(started, 'keys.txt'), 'started-key-0001\n');
    expect(loadConfig({ INIT_CWD: started, SEMA_API_KEYS_FILE: 'keys.txt' }).access.apiKeys).toEqual([]);
    expect(loadConfig({ INIT_CWD: started, SEMA_API_KEYS_FILE: 'keys.txt' }).access.apiKeysFile).toEqual([
      { key: 'started-key-0001', monthlyChars: null },
    ]);
    expect(() => loadConfig({ INIT_CWD: started, SEMA_API_KEYS_FILE: 'missing.txt' })).toThrow(
      `SEMA_API_KEYS_FILE: cannot read ${path.join(started, 'missing.txt')} (ENOENT)`,
    );
  });
});
