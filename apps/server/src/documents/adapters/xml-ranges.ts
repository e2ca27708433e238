/**
 * htmlparser2 ends a closing tag written with whitespace before its `>` (`</a\t>`, `</target >`) at
 * the whitespace, and starts the text after it at that `>`. These give the true ranges, so a rebuild
 * never cuts a tag's `>` off or writes over it.
 */

/** The end (exclusive) of the tag the parser just read, `endIndex` being the parser's. */
export function tagEnd(source: string, endIndex: number): number {
  const close = source.indexOf('>', endIndex);
  return close < 0 ? source.length : close + 1;
}

/** Where the text the parser just read starts, given where the tag before it ended. */
export function textStart(startIndex: number, previousTagEnd: number): number {
  return Math.max(startIndex, previousTagEnd);
}
