/**
 * The token picker as a loop in JS (`picker: 'js'`): the reference the tests hold the runtime's
 * pickers to, and a side of the benches' comparisons; never the server's (token-picker.ts). Its own
 * file so that the server's pickers do not carry it; chosen only at load (seq2seq-model.ts).
 */
import { logSumExp, topTokens } from './beam-search.ts';
import { emptyPicks, type Picks, type StepLogits, type TokenPicker } from './token-picker.ts';

export class JsPicker implements TokenPicker {
  constructor(private readonly suppressed: Uint8Array) {}

  async argmax({ logits, batch: rows, inputLength: positions, vocab }: StepLogits): Promise<Picks> {
    const picks = emptyPicks(rows, 1);
    for (let r = 0; r < rows; r++) {
      const offset = (r * positions + positions - 1) * vocab;
      let best = -1;
      let bestScore = -Infinity;
      for (let i = 0; i < vocab; i++) {
        const score = logits[offset + i]!;
        if (score > bestScore && this.suppressed[i] !== 1) {
          bestScore = score;
          best = i;
        }
      }
      picks.tokens[r] = best;
      picks.values[r] = bestScore;
      picks.found[r] = best < 0 ? 0 : 1;
    }
    return picks;
  }

  async topLogProbs(
    { logits, batch: rows, inputLength: positions, vocab }: StepLogits,
    count: number,
  ): Promise<Picks> {
    const picks = emptyPicks(rows, count);
    for (let r = 0; r < rows; r++) {
      const offset = (r * positions + positions - 1) * vocab;
      const normaliser = logSumExp(logits, offset, vocab, this.suppressed);
      const top = topTokens(logits, offset, vocab, this.suppressed, count);
      top.tokens.forEach((token, i) => {
        picks.tokens[r * count + i] = token;
        picks.values[r * count + i] = top.values[i]! - normaliser;
      });
      picks.found[r] = top.tokens.length;
    }
    return picks;
  }

  async release(): Promise<void> {}
}
