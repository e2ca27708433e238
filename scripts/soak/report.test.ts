import { describe, expect, it } from 'vitest';
import type { Outcome } from './mix.ts';
import { judge } from './report.ts';

/** `total` answered requests of which `shed` were 503 with Retry-After, the rest 200. */
function run(total: number, shed: number, maxShedShare = 0.05) {
  const outcomes: Outcome[] = Array.from({ length: total }, (_, i) => ({
    op: 'translate (new)',
    status: i < shed ? 503 : 200,
    code: i < shed ? 'OVERLOADED' : undefined,
    retryAfter: i < shed,
    ms: 10,
    hostile: false,
  }));
  return judge({
    outcomes,
    sent: total,
    memory: [],
    serverStayedUp: true,
    durationS: 60,
    concurrency: 8,
    maxShedShare,
  });
}

describe('the soak verdict on load shedding', () => {
  it('passes a run that sheds up to the cap, and reports the share', () => {
    const verdict = run(100, 5);
    expect(verdict.pass).toBe(true);
    expect(verdict.shed).toEqual({ count: 5, share: 0.05, maxShare: 0.05 });
  });

  it('fails a run that sheds more than the cap, saying how much', () => {
    const verdict = run(100, 6);
    expect(verdict.pass).toBe(false);
    expect(verdict.failures).toEqual([
      '6 of 100 answered requests were shed with 503 (6.0 %, more than 5.0 %)',
    ]);
  });

  it('fails a run that sheds everything', () => {
    expect(run(200, 200).pass).toBe(false);
  });

  it('does not count a 503 without Retry-After as shedding: that is a failure of its own', () => {
    const verdict = judge({
      outcomes: [{ op: 'translate (new)', status: 503, code: 'MODEL_UNAVAILABLE', ms: 1, hostile: false }],
      sent: 1,
      memory: [],
      serverStayedUp: true,
      durationS: 60,
      concurrency: 8,
      maxShedShare: 0.05,
    });
    expect(verdict.shed.count).toBe(0);
    expect(verdict.failures).toEqual([
      '1 5xx other than 503 with Retry-After (translate (new): 503 MODEL_UNAVAILABLE)',
    ]);
  });
});
