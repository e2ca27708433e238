import { describe, expect, it } from 'vitest';

import { describeRateLimit, describeResponseTimes } from './server-limits';

describe('the limits /developer reads from /status', () => {
  it('claims sub-second responses only when this server measured them', () => {
    expect(describeResponseTimes({ translate: null })).toBe(
      'Not measured yet: no translation answered since the server started',
    );
    expect(describeResponseTimes(undefined)).toMatch(/^Not measured yet/);
    expect(describeResponseTimes({ translate: { samples: 240, median_ms: 85, p95_ms: 610 } })).toBe(
      'sub-second: median 85 ms, 95 % within 610 ms (the last 240 translations on this server)',
    );
    expect(describeResponseTimes({ translate: { samples: 1, median_ms: 1400, p95_ms: 1400 } })).toBe(
      'median 1.4 s, 95 % within 1.4 s (the last translation on this server)',
    );
  });

  it('words the rate limit', () => {
    expect(describeRateLimit(null)).toBe('No rate limit on this server');
    expect(describeRateLimit('60/minute')).toBe('60 requests per minute per IP address');
  });
});
