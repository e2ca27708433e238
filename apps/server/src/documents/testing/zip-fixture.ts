import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * A ZIP package from its parts, in the order given; `stored` names the parts kept uncompressed
 * (ODF and EPUB readers need the `mimetype` entry first and stored).
 */
export function zipFixture(
  parts: Record<string, string | Uint8Array>,
  stored: readonly string[] = [],
): Uint8Array {
  const files: Zippable = {};
  for (const [name, content] of Object.entries(parts)) {
    const data = typeof content === 'string' ? strToU8(content) : content;
    files[name] = stored.includes(name) ? [data, { level: 0 }] : data;
  }
  return zipSync(files);
}
