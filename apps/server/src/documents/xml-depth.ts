/**
 * How deeply an XML part nests its elements, found by one linear scan before any parser runs: the
 * parser's own bookkeeping grows quadratically with depth (200,000 nested elements take minutes), and
 * no office document or book nests more than a few dozen levels. Comments, CDATA sections,
 * processing instructions and declarations are skipped whole, so a `<` inside them does not count.
 */
export function xmlDepthExceeds(xml: string, maxDepth: number): boolean {
  let depth = 0;
  let at = xml.indexOf('<');
  while (at !== -1) {
    const next = xml[at + 1];
    let end: number;
    if (xml.startsWith('<!--', at)) end = closing(xml, '-->', at);
    else if (xml.startsWith('<![CDATA[', at)) end = closing(xml, ']]>', at);
    else if (next === '?' || next === '!') end = closing(xml, '>', at);
    else {
      end = closing(xml, '>', at);
      if (next === '/') depth -= 1;
      else if (xml[end - 2] !== '/') {
        depth += 1;
        if (depth > maxDepth) return true;
      }
    }
    at = xml.indexOf('<', end);
  }
  return false;
}

/** The index just past `token` from `from`, or the end of the text when it never comes. */
function closing(xml: string, token: string, from: number): number {
  const found = xml.indexOf(token, from + 1);
  return found === -1 ? xml.length : found + token.length;
}
