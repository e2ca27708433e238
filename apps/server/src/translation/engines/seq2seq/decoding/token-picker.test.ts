import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsPicker } from './js-picker.ts';
import { RuntimePicker, type Picks, type TokenPicker } from './token-picker.ts';

// Vocabulary of 6; tokens 1 and 4 may never be generated. Two rows, two positions each: only the
// last position of a row counts.
const suppressed = Uint8Array.from([0, 1, 0, 0, 1, 0]);
// prettier-ignore
const logits = Float32Array.from([
  9, 9, 9, 9, 9, 9, /* row 0, last: */ 2, 8, 5, 5, 9, 1,
  0, 0, 0, 0, 0, 0, /* row 1, last: */ 3, 7, 3, -1, 7, 3,
]);
const step = { logits, batch: 2, inputLength: 2, vocab: 6 };

let runtime: TokenPicker;
let js: TokenPicker;
beforeAll(async () => {
  runtime = new RuntimePicker(suppressed);
  js = new JsPicker(suppressed);
});
afterAll(async () => {
  await runtime?.release();
  await js?.release();
});

function rows(picks: Picks): { tokens: number[]; values: number[] }[] {
  return Array.from(picks.found, (found, r) => ({
    tokens: [...picks.tokens.subarray(r * picks.count, r * picks.count + found)],
    values: [...picks.values.subarray(r * picks.count, r * picks.count + found)],
  }));
}

for (const kind of ['runtime', 'js'] as const) {
  describe(`the ${kind} token picker`, () => {
    const picker = () => (kind === 'runtime' ? runtime : js);

    it('takes the argmax of the last position, never a suppressed token, the lower token on ties', async () => {
      const picks = rows(await picker().argmax(step));
      expect(picks.map((row) => row.tokens)).toEqual([[2], [0]]);
      expect(picks.map((row) => row.values)).toEqual([[5], [3]]);
    });

    it('gives the best log-probabilities over the tokens that may be generated, best first', async () => {
      const picks = rows(await picker().topLogProbs(step, 3));
      expect(picks.map((row) => row.tokens)).toEqual([
        [2, 3, 0],
        [0, 2, 5],
      ]);
      const logSumExp = (values: number[]) => Math.log(values.reduce((sum, v) => sum + Math.exp(v), 0));
      const normalisers = [logSumExp([2, 5, 5, 1]), logSumExp([3, 3, -1, 3])];
      picks.forEach((row, r) => {
        const expected = row.tokens.map((token) => logits[(2 * r + 1) * 6 + token]! - normalisers[r]!);
        row.values.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 6));
      });
    });

    it('returns fewer picks than asked when fewer tokens may be generated', async () => {
      const picks = rows(await picker().topLogProbs(step, 8));
      expect(picks.map((row) => row.tokens)).toEqual([
        [2, 3, 0, 5],
        [0, 2, 5, 3],
      ]);
    });
  });
}

it('the runtime picker gives what the JS one gives on a large random vocabulary', async () => {
  const vocab = 50_000;
  const many = new Uint8Array(vocab);
  for (let token = 0; token < vocab; token += 97) many[token] = 1;
  let seed = 7;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 30 - 15;
  const big = { logits: Float32Array.from({ length: 4 * vocab }, random), batch: 4, inputLength: 1, vocab };
  const [a, b] = [new RuntimePicker(many), new JsPicker(many)];
  try {
    expect((await a.argmax(big)).tokens).toEqual((await b.argmax(big)).tokens);
    const [ours, theirs] = [await a.topLogProbs(big, 8), await b.topLogProbs(big, 8)];
    expect(ours.tokens).toEqual(theirs.tokens);
    ours.values.forEach((value, i) => expect(value).toBeCloseTo(theirs.values[i]!, 4));
  } finally {
    await a.release();
    await b.release();
  }
});

it('says so when the logits do not match the vocabulary it was made for', async () => {
  await expect(
    runtime.argmax({ logits: new Float32Array(7), batch: 1, inputLength: 1, vocab: 7 }),
  ).rejects.toThrow('The decoder gave 7 logits a position for a vocabulary of 6');
});
