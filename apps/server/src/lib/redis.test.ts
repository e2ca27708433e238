import { describe, expect, it } from 'vitest';
import { describeRedisError } from './redis.ts';

const failure = (message: string, code?: string) => Object.assign(new Error(message), { code });

describe('describeRedisError', () => {
  it('says what went wrong without the host or port (/status is public)', () => {
    expect(describeRedisError(failure('connect ECONNREFUSED 10.0.0.7:6379', 'ECONNREFUSED'))).toBe(
      'connection refused',
    );
    expect(describeRedisError(failure('getaddrinfo ENOTFOUND cache.internal', 'ENOTFOUND'))).toBe(
      'host not found',
    );
    expect(describeRedisError(failure('connect ETIMEDOUT'))).toBe('connection timed out');
    expect(describeRedisError(failure('WRONGPASS invalid username-password pair'))).toBe(
      'authentication failed',
    );
    expect(describeRedisError(failure('NOAUTH Authentication required.'))).toBe('authentication failed');
    expect(describeRedisError(failure('read ECONNRESET', 'ECONNRESET'))).toBe('connection lost');
    expect(describeRedisError(failure('something at 10.0.0.7', 'EWEIRD'))).toBe('connection failed (EWEIRD)');
  });
});
