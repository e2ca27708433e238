import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseRateLimit, parseTrustProxy } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.maxTextChars).toBe(5000);
    expect(config.rateLimit).toBeNull();
    expect(config.translation.engine).toBe('nllb');
    expect(config.translation.nllbModel).toBe('Xenova/nllb-200-distilled-600M');
    expect(config.chat.provider).toBe('local');
    expect(config.chat.model).toBe('deepseek-ai/DeepSeek-R1-Distill-Qwen-32B');
    expect(config.timeouts).toEqual({
      headersMs: 20_000,
      requestMs: 120_000,
      idleMs: 300_000,
      keepAliveMs: 72_000,
      streamStallMs: 60_000,
    });
    expect([config.maxChatsPerClient, config.maxDocumentsPerClient]).toEqual([3, 2]);
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
    ['SEMA_TRANSLATION_ENGINE', 'magic', /SEMA_TRANSLATION_ENGINE must be one of nllb, remote/],
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
    expect(config.translation.remoteUrls).toEqual(['http://inference-1:3000', 'http://inference-2:3000']);
    expect(() => loadConfig({ SEMA_TRANSLATION_URL: 'http://a:1,ftp://b' })).toThrow(/SEMA_TRANSLATION_URL/);
  });

  it('needs a URL for the remote engine', () => {
    expect(() => loadConfig({ SEMA_TRANSLATION_ENGINE: 'remote' })).toThrow(/SEMA_TRANSLATION_URL/);
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
