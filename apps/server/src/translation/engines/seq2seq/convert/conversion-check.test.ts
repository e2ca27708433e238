import { describe, expect, it } from 'vitest';
import { CHECK_TOLERANCE, compareOutputs } from './conversion-check.ts';

const rows = (count: number) => Array.from({ length: count }, (_, i) => [10 + i, 20, 30, 40, 50, 60]);

describe('the int8-against-float32 check', () => {
  it('passes identical outputs', () => {
    expect(compareOutputs(rows(8), rows(8))).toMatchObject({ passed: true, identical: 8, compared: 8 });
  });

  it('passes a few late differences, within the tolerance', () => {
    const candidate = rows(8).map((row, i) => (i < 2 ? [...row.slice(0, 5), 99] : row));
    expect(CHECK_TOLERANCE.identical).toBe(0.75);
    expect(compareOutputs(rows(8), candidate)).toMatchObject({ passed: true, identical: 6 });
  });

  it('refuses more late differences than the tolerance allows', () => {
    const candidate = rows(8).map((row, i) => (i < 3 ? [...row, 70] : row));
    expect(compareOutputs(rows(8), candidate)).toMatchObject({ passed: false, identical: 5 });
  });

  it('refuses a single difference within the first tokens, the sign of a broken conversion', () => {
    const candidate = rows(8).map((row, i) => (i === 0 ? [row[0]!, 21, ...row.slice(2)] : row));
    expect(compareOutputs(rows(8), candidate)).toMatchObject({
      passed: false,
      identical: 7,
      earlyDifferences: 1,
    });
    // An output cut short within its first tokens is such a difference too.
    expect(compareOutputs(rows(8), [[10, 20], ...rows(8).slice(1)])).toMatchObject({ passed: false });
  });

  it('refuses when there is nothing to compare', () => {
    expect(compareOutputs([], []).passed).toBe(false);
  });
});
