import { describe, expect, it } from 'vitest';
import { BeamRow, compareCandidates, logSumExp, topTokens, type Candidate } from './beam-search.ts';

const EOS = 2;

function row(beams: number, maxNewTokens = 100, guardLoops = true): BeamRow {
  return new BeamRow({ beams, eos: EOS, maxNewTokens, guardLoops });
}

/** A two-beam row after one step: running [5] (sum −1) and [6] (sum `secondSum`). */
function twoRunning(secondSum = -1.1): BeamRow {
  const search = row(2);
  search.running = [
    { tokens: [5], sum: -1 },
    { tokens: [6], sum: secondSum },
  ];
  return search;
}

/** Candidates as the decoder hands them over: best first. */
function ranked(...candidates: [beam: number, token: number, sum: number][]): Candidate[] {
  return candidates.map(([beam, token, sum]) => ({ beam, token, sum })).sort(compareCandidates);
}

describe('BeamRow (beam search rules for one row)', () => {
  it('scores by the mean log-probability, so a longer ending can beat a shorter one with a higher sum', () => {
    const search = row(2);
    // Step 1: `</s>` at once (sum −1.5 over 1 token) is kept; 5 and 6 carry on.
    expect(
      search.advance(ranked([0, 5, -1], [0, EOS, -1.5], [0, 6, -2], [0, 7, -3])).map((b) => b.tokens),
    ).toEqual([[5], [6]]);
    // Step 2: `5 </s>` has a lower sum (−2.4) but a better mean (−1.2) than `</s>` alone (−1.5).
    search.advance(ranked([0, EOS, -2.4], [0, 8, -3], [1, EOS, -4], [1, 9, -5]));
    expect(search.finished).toEqual([
      { tokens: [5], score: -1.2 },
      { tokens: [], score: -1.5 },
    ]);
    expect(search.best()).toEqual({ tokens: [5], score: -1.2 });
  });

  it('takes `</s>` only among the best `beams` candidates', () => {
    const search = twoRunning();
    const next = search.advance(ranked([0, EOS, -1.2], [0, 7, -1.3], [1, EOS, -1.4], [1, 8, -1.5]));
    // The second `</s>` ranks third: ignored, and 8 fills the second beam.
    expect(search.finished).toEqual([{ tokens: [5], score: -0.6 }]);
    expect(next).toEqual([
      { tokens: [5, 7], sum: -1.3, from: 0 },
      { tokens: [6, 8], sum: -1.5, from: 1 },
    ]);
  });

  it('is done once it has `beams` finished hypotheses that no running one beats if it ended now', () => {
    const search = twoRunning();
    // Finished: −1.2/2 = −0.6 and −1.4/2 = −0.7; running 7 has −1.5/2 = −0.75 ≤ −0.7.
    search.advance(ranked([0, EOS, -1.2], [1, EOS, -1.4], [0, 7, -1.5], [1, 8, -1.6]));
    expect(search.done).toBe(true);

    const going = twoRunning();
    // Running 7 has −1.3/2 = −0.65, better than the worst finished (−0.7): it may still win.
    going.advance(ranked([0, EOS, -1.2], [0, 7, -1.3], [1, EOS, -1.4], [1, 8, -1.6]));
    expect(going.finished).toHaveLength(1);
    // Two finished now (−1.39/3 and −0.6), but running `5 7 9` has −1.35/3 = −0.45 > −0.6.
    going.advance(ranked([0, 9, -1.35], [1, EOS, -1.39], [0, EOS, -1.7], [1, 3, -3]));
    expect(going.finished.map((h) => h.score)).toEqual([-1.39 / 3, -0.6]);
    expect(going.done).toBe(false);
  });

  it('finishes every running hypothesis at the row’s length cap', () => {
    const search = row(2, 2);
    search.advance(ranked([0, 5, -1], [0, 6, -1.2], [0, 7, -3]));
    expect(search.done).toBe(false);
    search.advance(ranked([1, 8, -1.3], [0, 9, -1.4], [0, EOS, -9]));
    expect(search.done).toBe(true);
    expect(search.finished).toEqual([
      { tokens: [6, 8], score: -0.65 },
      { tokens: [5, 9], score: -0.7 },
    ]);
  });

  it('finishes a hypothesis that falls into a repetition loop, keeping one copy', () => {
    const looping = [{ tokens: Array<number>(11).fill(7), sum: -1 }];
    const guarded = row(1);
    guarded.running = looping;
    guarded.advance(ranked([0, 7, -1.1], [0, 8, -2]));
    expect(guarded.done).toBe(true);
    expect(guarded.best()).toEqual({ tokens: [7], score: -1.1 / 12 });

    const unguarded = row(1, 100, false);
    unguarded.running = looping;
    expect(unguarded.advance(ranked([0, 7, -1.1], [0, 8, -2]))[0]!.tokens).toHaveLength(12);
  });

  it('keeps only the best `beams` finished hypotheses, the earlier first on equal scores', () => {
    const search = twoRunning(-1);
    search.advance(ranked([0, EOS, -2], [1, EOS, -2], [0, 7, -3], [1, 8, -3]));
    expect(search.finished.map((h) => h.tokens)).toEqual([[5], [6]]);
  });
});

describe('topTokens and logSumExp', () => {
  const logits = new Float32Array([9, 1, 3, 3, 7, 2]);
  const suppressed = Uint8Array.from([1, 0, 0, 0, 0, 0]);

  it('finds the highest logits, never a suppressed token, the lower token first on ties', () => {
    expect(topTokens(logits, 0, 6, suppressed, 3)).toEqual({ tokens: [4, 2, 3], values: [7, 3, 3] });
    expect(topTokens(logits, 2, 4, new Uint8Array(4), 2)).toEqual({ tokens: [2, 0], values: [7, 3] });
  });

  it('normalises over the tokens that may be generated', () => {
    const expected = Math.log(Math.exp(1) + 2 * Math.exp(3) + Math.exp(7) + Math.exp(2));
    expect(logSumExp(logits, 0, 6, suppressed)).toBeCloseTo(expected, 10);
  });
});
