import { describe, expect, it } from 'vitest';

import { describeApiKey, describeRateLimit, describeResponseTimes } from './server-limits';

describe('the limits /developer reads from /status', () => {
  it('claims sub-second responses only when this server measured them', () => {
    expect(describeResponseTimes({ translate: null })).toBe(
      'Not measured yet: the model has translated nothing since the server started',
    );
    expect(describeResponseTimes(undefined)).toMatch(/^Not measured yet/);
    expect(describeResponseTimes({ translate: { samples: 240, median_ms: 85, p95_ms: 610 } })).toBe(
      'sub-second: median 85 ms, 95 % within 610 ms (the last 240 translations the model did on this server)',
    );
    expect(describeResponseTimes({ translate: { samples: 1, median_ms: 1400, p95_ms: 1400 } })).toBe(
      'median 1.4 s, 95 % within 1.4 s (the last translation the model did on this server)',
    );
  });

  it('claims no response time while the model cannot translate', () => {
    const measured = { translate: { samples: 240, median_ms: 6, p95_ms: 9 } };
    expect(describeResponseTimes(measured, { state: 'error', detail: 'no model' })).toBe(
      'Translation is unavailable on this server right now',
    );
    expect(describeResponseTimes(measured, { state: 'loading' })).toMatch(/still loading/);
    expect(describeResponseTimes(measured, { state: 'ready' })).toMatch(/^sub-second: median 6 ms/);
  });

  it('says whether this server needs an API key', () => {
    expect(describeApiKey(false)).toBe('None: no key, no sign-up, no authentication');
    expect(describeApiKey(undefined)).toMatch(/^None/);
    expect(describeApiKey(true)).toMatch(/^Required on this server: send it as Authorization: Bearer/);
  });

  it('words the rate limit', () => {
    expect(describeRateLimit(null)).toBe('No rate limit on this server');
    expect(describeRateLimit('60/minute')).toBe('60 requests per minute per IP address');
  });
});
