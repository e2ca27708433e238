import { describe, expect, it } from 'vitest';
import { CHAT_ERRORS } from '@sema/shared/errors';
import { chatErrorForBody, chatErrorForMessage, upstreamErrorMessage } from './chat-errors.ts';

describe('upstream error bodies', () => {
  it('finds the message in every shape servers use', () => {
    expect(upstreamErrorMessage({ error: { message: 'a', type: 'invalid_request_error' } })).toBe('a');
    expect(upstreamErrorMessage({ error: 'b' })).toBe('b');
    expect(upstreamErrorMessage({ message: 'c' })).toBe('c');
    expect(upstreamErrorMessage({ detail: 'd' })).toBe('d');
    expect(upstreamErrorMessage('  e  ')).toBe('e');
    expect(upstreamErrorMessage({ error: {} })).toBeUndefined();
    expect(upstreamErrorMessage(null)).toBeUndefined();
  });

  it('uses a status carried in the body when the HTTP status is unknown (mid-stream)', () => {
    expect(chatErrorForBody({ error: { message: 'slow down', code: 429 } })).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMIT',
    });
    expect(chatErrorForBody({ error: { message: 'bad key', status: 401 } })).toMatchObject({
      code: 'AUTH_ERROR',
      detail: CHAT_ERRORS.AUTH_ERROR,
    });
  });
});

describe('errors known only by their text', () => {
  it.each([
    ['Invalid token', 'AUTH_ERROR', CHAT_ERRORS.AUTH_ERROR],
    ['Unauthorized', 'AUTH_ERROR', CHAT_ERRORS.AUTH_ERROR],
    ['Rate limit exceeded for this model', 'RATE_LIMIT', CHAT_ERRORS.RATE_LIMIT],
    ['network unreachable', 'NETWORK_ERROR', CHAT_ERRORS.NETWORK_ERROR],
    ['fetch failed', 'NETWORK_ERROR', CHAT_ERRORS.NETWORK_ERROR],
    ['This model supports at most 4096 tokens', 'CHAT_ERROR', 'This model supports at most 4096 tokens'],
    [undefined, 'CHAT_ERROR', CHAT_ERRORS.CHAT_ERROR],
  ])('%j → %s', (message, code, detail) => {
    expect(chatErrorForMessage(message)).toMatchObject({ code, detail });
  });
});
