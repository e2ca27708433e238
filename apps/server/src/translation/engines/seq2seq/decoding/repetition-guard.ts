/**
 * Greedy decoding sometimes falls into a loop ("the the the …", or a phrase over and over) and
 * would then run to the length cap. A loop is a unit of 1..MAX_PERIOD tokens repeated back to back
 * more often than real text does; the guard spots it as it forms, so the row stops early and the
 * extra copies are dropped.
 */

const MAX_PERIOD = 16;

/** How many back-to-back copies of a unit of `period` tokens count as a loop. */
export function loopRepeats(period: number): number {
  if (period === 1) return 12;
  if (period === 2) return 6;
  if (period === 3) return 4;
  return 3;
}

/**
 * If `tokens` ends in a loop, the length to cut it to (keeping one copy of the unit); otherwise
 * undefined. Cheap enough to call after every generated token.
 */
export function loopCut(tokens: ArrayLike<number>, length = tokens.length): number | undefined {
  for (let period = 1; period <= MAX_PERIOD; period++) {
    const repeats = loopRepeats(period);
    const span = period * repeats;
    if (span > length) continue;
    let looping = true;
    for (let i = length - span; i < length - period && looping; i++) {
      looping = tokens[i] === tokens[i + period];
    }
    if (looping) return length - span + period;
  }
  return undefined;
}

/** Whether a token sequence contains a loop anywhere (then its translation may repeat too). */
export function hasLoop(tokens: ArrayLike<number>): boolean {
  for (let end = 1; end <= tokens.length; end++) {
    if (loopCut(tokens, end) !== undefined) return true;
  }
  return false;
}
