/**
 * The fixed split of the UDHR paragraphs. Each file's lines are cut into ten bands by position; since
 * the translations follow the same article order, a band holds roughly the same articles in every
 * language, so the test articles are unseen in every language, not just in the one being tested.
 *
 * - test (bands 4 and 9, ~20 %): never read by training or tuning; the benchmark and the accuracy
 *   floors in the tests use it.
 * - dev (bands 2 and 7, ~20 %): for choosing hyper-parameters and calibrating confidence.
 * - train (the other six bands, ~60 %).
 */
export type Split = 'train' | 'dev' | 'test';

export function splitOf(lineIndex: number, lineCount: number): Split {
  const band = Math.floor((10 * lineIndex) / lineCount);
  if (band === 4 || band === 9) return 'test';
  if (band === 2 || band === 7) return 'dev';
  return 'train';
}

/** "Full" evaluation texts are held-out lines of at least this many characters (no headings). */
export const MIN_FULL_CHARS = 30;
/** "Short" evaluation texts are at most this long. */
export const SHORT_MAX_CHARS = 30;

const MARK = /^\p{M}$/u;

/**
 * Consecutive snippets of at most `maxChars` characters cut from a line on word boundaries; a word
 * longer than that (or text without spaces: Thai, Chinese, ...) is cut between characters, never
 * before a combining mark.
 */
export function snippets(line: string, maxChars = SHORT_MAX_CHARS): string[] {
  const result: string[] = [];
  const words = line.trim().split(/\s+/).filter(Boolean);
  let current = '';
  const flush = () => {
    if (current) result.push(current);
    current = '';
  };
  for (const word of words) {
    if (current && current.length + 1 + word.length <= maxChars) {
      current += ` ${word}`;
      continue;
    }
    flush();
    if (word.length <= maxChars) {
      current = word;
      continue;
    }
    let rest = [...word];
    while (rest.length > 0) {
      let cut = Math.min(rest.length, maxChars);
      // Stay inside the character budget (astral characters count as two) and off combining marks.
      while (cut > 1 && rest.slice(0, cut).join('').length > maxChars) cut--;
      while (cut > 1 && cut < rest.length && MARK.test(rest[cut]!)) cut--;
      result.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
  }
  flush();
  return result;
}
