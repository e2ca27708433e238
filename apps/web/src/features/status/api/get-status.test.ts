import type { EngineStatus, StatusResponse } from '@sema/shared/api/schemas';
import { describe, expect, it } from 'vitest';

import { nextStatusPoll, STATUS_POLL_MS, statusQuery } from './get-status';

const SERVER_NOW = Date.parse('2026-11-21T10:00:00.000Z');

function status(translation: EngineStatus, chat: EngineStatus = { state: 'ready' }): StatusResponse {
  return {
    status: translation.state === 'ready' ? 'healthy' : 'degraded',
    version: '0.1.0',
    uptime_seconds: 5,
    timestamp: new Date(SERVER_NOW).toISOString(),
    engines: { translation, detection: { state: 'ready' }, chat },
    limits: { max_text_chars: 5000, rate_limit: null },
  };
}

const inSeconds = (seconds: number) => new Date(SERVER_NOW + seconds * 1000).toISOString();

describe('nextStatusPoll', () => {
  it('does not poll a healthy server, one with nothing to wait for, or no answer yet', () => {
    expect(nextStatusPoll(status({ state: 'ready' }), 0, 0)).toBe(false);
    expect(nextStatusPoll(status({ state: 'error', detail: 'broken' }), 0, 0)).toBe(false);
    expect(nextStatusPoll(status({ state: 'disabled' }), 0, 0)).toBe(false);
    expect(nextStatusPoll(undefined, 0, 0)).toBe(false);
  });

  it('polls often while a model loads', () => {
    expect(nextStatusPoll(status({ state: 'loading', progress: 0.2 }), 0, 0)).toBe(STATUS_POLL_MS);
    expect(nextStatusPoll(status({ state: 'ready' }, { state: 'loading' }), 0, 0)).toBe(STATUS_POLL_MS);
  });

  it("asks again just after the server's next attempt, measured on the server's clock", () => {
    const failed = status({ state: 'error', next_attempt_at: inSeconds(30) });
    // The phone's clock is an hour off: only the time since the answer arrived counts.
    const fetchedAt = SERVER_NOW + 3_600_000;
    expect(nextStatusPoll(failed, fetchedAt, fetchedAt)).toBe(32_000);
    expect(nextStatusPoll(failed, fetchedAt, fetchedAt + 10_000)).toBe(22_000);
  });

  it('never polls more often than while loading, nor waits more than a minute', () => {
    expect(nextStatusPoll(status({ state: 'error', next_attempt_at: inSeconds(-20) }), 0, 0)).toBe(
      STATUS_POLL_MS,
    );
    expect(nextStatusPoll(status({ state: 'error', next_attempt_at: inSeconds(900) }), 0, 0)).toBe(60_000);
  });
});

describe('statusQuery', () => {
  it('is kept in memory only, for five minutes', () => {
    expect(statusQuery.freshFor).toBe(5 * 60_000);
    expect(statusQuery.storage).toBeUndefined();
  });
});
