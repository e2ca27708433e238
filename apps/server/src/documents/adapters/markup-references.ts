/**
 * Character references in markup text (`&amp;`, `&#x27;`, `&lt;b&gt;`, `&eacute;`), as a run's
 * words and codes. They come back as they were sent: a reference to a sign (`&amp;`, `&nbsp;`,
 * `&mdash;`, an escaped tag `&lt;b&gt;`) is an inline code, held by a stand-in, so a model that
 * drops `&` cannot drop it; a reference to a letter or digit (`caf&eacute;`) is the letter, part
 * of its word for the model; a quote or apostrophe (`&quot;`, `&#x27;`) is read as itself, and the
 * translation's quotes of that kind are written back in the form the text used (Weblate sends
 * `html.escape`d text and reads the answer the same way).
 */
import type { InlineRun } from '../../translation/inline-codes.ts';

const REFERENCE =
  /&lt;\/?[A-Za-z][^&<>]*?&gt;|&(?:#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;
const WORD_CHARACTER = /^[\p{L}\p{M}\p{N}]+$/u;
const QUOTE = /^["'\u2018\u2019\u201C\u201D]$/u;

/** How a text wrote its quote characters: `'` → `&#x27;`, when it wrote them as references. */
export type QuoteForms = Map<string, string>;

/** Adds `raw` (markup text, references undecoded) to `run`; `decode` reads one reference. */
export function addMarkupText<Code>(
  run: InlineRun<Code | string>,
  raw: string,
  decode: (reference: string) => string,
  forms: QuoteForms,
): void {
  let cursor = 0;
  for (const match of raw.matchAll(REFERENCE)) {
    run.text(raw.slice(cursor, match.index));
    const reference = match[0];
    const character = reference.startsWith('&lt;') ? undefined : decode(reference);
    if (character !== undefined && character !== reference && WORD_CHARACTER.test(character)) {
      run.text(character);
    } else if (character !== undefined && QUOTE.test(character)) {
      if (!forms.has(character)) forms.set(character, reference);
      run.text(character);
    } else {
      run.alone(reference);
    }
    cursor = match.index + reference.length;
  }
  run.text(raw.slice(cursor));
}

/** Words of a translation as markup text: `&`, `<`, `>` escaped, quotes in the text's own form. */
export function escapeMarkupWords(words: string, forms: QuoteForms): string {
  const escaped = words.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (forms.size === 0) return escaped;
  return escaped.replace(/["'\u2018\u2019\u201C\u201D]/gu, (quote) => forms.get(quote) ?? quote);
}

/** Whether markup text holds a reference worth keeping as it was written. */
export function hasReferences(raw: string): boolean {
  return raw.includes('&') && new RegExp(REFERENCE.source).test(raw);
}
