/**
 * The features of the n-gram model: hashed character n-grams of the text's words. Training and
 * detection both use this file, so the model always sees text prepared the same way.
 */

/** Longest n-gram the model counts. */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SPACE = 0x20;

// Everything that is not a letter, a mark or an apostrophe separates words; digits and punctuation
// are the same in every language and would only add noise.
const SEPARATORS = /[^\p{L}\p{M}'’ʼ]+/gu;
const APOSTROPHES = /[’ʼ]/g;

/** Lower-cased words separated by single spaces, padded with a space on each side. */
export function prepareText(text: string): string {
  const words = text.normalize('NFC').toLowerCase().replace(APOSTROPHES, "'").replace(SEPARATORS, ' ').trim();
  return words.length === 0 ? '' : ` ${words} `;
}

/** Code points of prepared text, in a reusable buffer. */
function codePointsOf(prepared: string, buffer: Uint32Array): { points: Uint32Array; length: number } {
  let points = buffer;
  if (points.length < prepared.length) points = new Uint32Array(prepared.length * 2);
  let length = 0;
  for (let index = 0; index < prepared.length; index++) {
    const code = prepared.codePointAt(index)!;
    if (code > 0xffff) index++;
    points[length++] = code;
  }
  return { points, length };
}

let sharedBuffer: Uint32Array = new Uint32Array(4096);

/**
 * Calls `visit(hash, order)` for every n-gram (orders 1..maxOrder) of prepared text. A space may
 * open or close an n-gram but not sit inside one, so n-grams never span two words; a lone space is
 * not a feature.
 */
export function forEachNgram(
  prepared: string,
  maxOrder: number,
  visit: (hash: number, order: number) => void,
): void {
  const { points, length } = codePointsOf(prepared, sharedBuffer);
  sharedBuffer = points;
  for (let start = 0; start < length; start++) {
    let hash = FNV_OFFSET;
    for (let order = 1; order <= maxOrder && start + order <= length; order++) {
      const code = points[start + order - 1]!;
      hash = Math.imul(hash ^ code, FNV_PRIME) >>> 0;
      if (code === SPACE) {
        if (order === 1) continue;
        visit(hash, order);
        break;
      }
      visit(hash, order);
    }
  }
}
