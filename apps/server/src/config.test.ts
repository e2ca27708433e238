import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseRateLimit } from './config.ts';

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
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
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
