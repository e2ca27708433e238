import { CHAT_ERRORS } from '@sema/shared/errors';
import { describe, expect, it } from 'vitest';

import { ApiError } from './api-client';
import { plainError } from './plain-error';

describe('plainError', () => {
  it('puts a plain sentence first and keeps the server’s technical wording and code as the detail', () => {
    const error = new ApiError('Model at /models/nllb failed to load: ENOENT', 503, 'MODEL_UNAVAILABLE');
    expect(plainError(error)).toEqual({
      message: 'This service is not available on this server right now. Please try again later.',
      detail: 'Model at /models/nllb failed to load: ENOENT (MODEL_UNAVAILABLE)',
    });
  });

  it('never shows a provider token hint or an internal code as the message', () => {
    const auth = plainError(new ApiError(CHAT_ERRORS.AUTH_ERROR, 401, 'AUTH_ERROR'));
    expect(auth.message).not.toMatch(/token|AUTH_ERROR/i);
    expect(auth.detail).toBe(`${CHAT_ERRORS.AUTH_ERROR} (AUTH_ERROR)`);
    const internal = plainError(new ApiError('TypeError: x is undefined', 500, 'INTERNAL_ERROR'));
    expect(internal.message).toBe('Something went wrong on the server. Please try again.');
  });

  it('marks the failures a retry cannot fix, and says what to do instead of "try again"', () => {
    const off = plainError(new ApiError('Chat is not configured', 503, 'CHAT_NOT_CONFIGURED'));
    expect(off).toMatchObject({ final: true });
    expect(off.message).toBe('Chat is turned off on this server. Use Translate mode to translate your text.');
    const digits = plainError(new ApiError('no letters', 422, 'NO_LETTERS'));
    expect(digits).toMatchObject({ final: true });
    expect(digits.message).not.toMatch(/try again/i);
    expect(plainError(new ApiError('busy', 503, 'OVERLOADED')).final).toBeUndefined();
  });

  it('keeps the server’s words when they are about what the person sent', () => {
    const error = new ApiError(
      'The file is named .docx but is not a Word document.',
      415,
      'DOCUMENT_TYPE_MISMATCH',
    );
    expect(plainError(error)).toEqual({
      message: 'The file is named .docx but is not a Word document.',
      detail: 'Code: DOCUMENT_TYPE_MISMATCH',
    });
  });

  it('lets the caller word a code more precisely, and hides an unknown 5xx behind a plain sentence', () => {
    const error = new ApiError('loading', 503, 'MODEL_UNAVAILABLE');
    expect(plainError(error, { MODEL_UNAVAILABLE: 'The translation model is away.' }).message).toBe(
      'The translation model is away.',
    );
    expect(plainError(new ApiError('upstream said 502 Bad Gateway', 502)).message).toBe(
      'Something went wrong on the server. Please try again.',
    );
    expect(plainError(new Error('boom'))).toEqual({
      message: 'Something went wrong on the server. Please try again.',
      detail: 'boom',
    });
  });
});
