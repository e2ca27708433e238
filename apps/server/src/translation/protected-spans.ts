/**
 * Text that must come back exactly as it was: placeholders of the common i18n formats, inline code,
 * URLs, e-mail addresses, @mentions, #hashtags, version numbers, `:name` parameters and the inline
 * codes adapters mark (inline-codes.ts). This module finds them, and holds the safe way to keep
 * them: the text cut around them, the words between translated, each span put back verbatim
 * (`splitProtected`). The pipeline first tries the better way, the whole sentence with stand-ins
 * (sentence-plan.ts, stand-ins.ts), and falls back to this cut for a sentence whose answer fails
 * the check.
 */
import { icuBlocks, icuParts, type IcuPart } from './icu-messages.ts';
import { pushGap, splitText, type Piece } from './segment.ts';

/** Placeholders of i18n formats, longer forms first (the documents' JSON adapter uses them too). */
export const PLACEHOLDER_PATTERNS: readonly RegExp[] = [
  /\{\{\{[^{}]*\}\}\}/, // {{{raw}}} (Handlebars)
  /\{\{[^{}]*\}\}/, // {{count}} (i18next, Handlebars, Vue)
  /\$\{[^{}]*\}/, // ${name} (template literals)
  /\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/, // {name}, {0}, {count, plural, one {# item} other {# items}} (ICU)
  /%\([^)\s]+\)[sdif]/, // %(name)s (Python)
  /%\{[^}\s]+\}/, // %{name} (Ruby)
  /%#@[A-Za-z_]\w*@/, // %#@count@ (an Apple plural rule's variable)
  /%arg\b/, // %arg (the number in an Xcode String Catalog's substitution)
  /%[A-Za-z_][\w.-]*%/, // %email%, %count% (Symfony's XLIFF and YAML catalogues): before printf, so %e is not taken from %email%
  /%(?:\d+\$)?(?:hh|h|ll|l|q|z|j|t)[diouxXcsp@]/, // %lld, %1$ld, %lu (printf with a length; no flags, so "50% less" stays words)
  /%[a-z_][a-z0-9_]+\b/, // %help_pages, %name (Drupal: a name of two letters or more, never "50% less")
  /%(?:\d+\$)?[-+ 0#]*\d*(?:\.\d+)?[sdifuxXoeEgGcp@%]/, // %s, %1$d, %.2f, %@ (printf)
  /%L?\d{1,2}(?![\d$])|%n\b/, // %1, %L1, %n (Qt)
  /(?<![\w!])![a-z_][a-z0-9_]*\b/, // !name (Drupal's raw placeholder; "Wow!" and "Hi !" stay words)
  /\$t\([^)]*\)/, // $t(key) (i18next nesting)
  /<\/?[A-Za-z0-9][^<>]*>/, // <0>, <b>, </strong>, <br/> (react-i18next, ICU tags)
  /\[\d{1,4}\]/, // [1] (a citation mark, or text shaped like the pipeline's own stand-ins: held, so never confused with them)
  /\[X\d+X\]/, // [X7X] (Weblate's stand-in for a placeholder, numbered by its offset, sent to machine translation)
];

const PROTECTED = new RegExp(
  [
    /[\u{100000}-\u{10FFFD}]/u, // an adapter's inline code (inline-codes.ts), or a plan's slot
    /`[^`\n]+`/, // inline code
    /\b(?:https?|ftp):\/\/[^\s<>"'`]*[^\s<>"'`.,;:!?)\]}]/, // URL (without the sentence's final punctuation)
    /\bwww\.[^\s<>"'`]*[^\s<>"'`.,;:!?)\]}]/, // www.example.org
    /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/, // e-mail
    ...PLACEHOLDER_PATTERNS,
    /(?<![\w@])@\w{1,39}/u, // @mention
    /(?<![\w#&])#[\p{L}\p{N}_]+/u, // #hashtag
    /\bv?\d+(?:\.\d+){2,}(?:-[\w.]+)?\b|\bv\d+\.\d+\b/, // version numbers: 2.3.1, v1.0, 1.2.3-beta.1
    // Numbers a model may re-punctuate: 1,234,567 · 1.234,56 · 3.14 · 2026-11-25 · 10:30 (a bare 3 is
    // left in its sentence: models copy it, and cutting at every number would cost word order).
    /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?:[.,]\d+)?\b|\b\d+[.,]\d+\b/,
    /(?<![\w:]):[a-z_][a-z0-9_]*\b/, // :name (Laravel, Rails routes)
  ]
    .map((pattern) => pattern.source)
    .join('|'),
  'gu',
);

const HAS_LETTER = /\p{L}/u;
/** Spaces and joining punctuation before the first word of a run. */
const LEADING_JOINT = /^([\s,;:.\u2013\u2014-]*)([\s\S]*)$/u;

/** Terms with fixed translations: each found term is kept out of the model and replaced. */
export interface Glossary {
  /** The terms found in a text, left to right, longest first where two start at the same place. */
  find(text: string): Generator<{ index: number; term: string }>;
  /** Lower-cased term → its translation. */
  targets: ReadonlyMap<string, string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WORD_START = /(?<![\p{L}\p{N}_])[\p{L}\p{N}_]+/gu;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * A glossary from `term → translation` entries (a term that maps to itself is a do-not-translate
 * term). Terms match whole words, ignoring case, longest first. Terms are indexed by their first
 * word, so finding them costs a map lookup per word of the text however many terms there are (one
 * regular expression of 10,000 alternatives took 200 ms on a 5,000-character text); the few terms
 * that start with a sign (`.NET`, `#1`) are found by a small expression of their own.
 */
export function compileGlossary(entries: Readonly<Record<string, string>>): Glossary | undefined {
  const terms = Object.entries(entries)
    .map(([term, target]) => [term.trim(), target] as const)
    .filter(([term]) => term !== '');
  if (terms.length === 0) return undefined;
  const byFirstWord = new Map<string, string[]>();
  const signed: string[] = [];
  for (const [term] of terms) {
    const lower = term.toLowerCase();
    const first = /^[\p{L}\p{N}_]+/u.exec(lower)?.[0];
    if (!first) signed.push(lower);
    else byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), lower]);
  }
  for (const list of byFirstWord.values()) list.sort((a, b) => b.length - a.length);
  const signedPattern = signed.length
    ? new RegExp(
        signed
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join('|'),
        'giu',
      )
    : undefined;
  const endsWord = (text: string, end: number, term: string) =>
    !WORD_CHAR.test(term.at(-1)!) || end >= text.length || !WORD_CHAR.test(text[end]!);

  function* find(text: string): Generator<{ index: number; term: string }> {
    const found: { index: number; term: string }[] = [];
    for (const word of text.matchAll(WORD_START)) {
      for (const term of byFirstWord.get(word[0].toLowerCase()) ?? []) {
        const end = word.index + term.length;
        if (text.slice(word.index, end).toLowerCase() === term && endsWord(text, end, term)) {
          found.push({ index: word.index, term: text.slice(word.index, end) });
          break;
        }
      }
    }
    if (signedPattern) {
      for (const match of text.matchAll(signedPattern)) {
        if (endsWord(text, match.index + match[0].length, match[0]))
          found.push({ index: match.index, term: match[0] });
      }
      found.sort((a, b) => a.index - b.index || b.term.length - a.term.length);
    }
    let cursor = 0;
    for (const hit of found) {
      if (hit.index < cursor) continue; // inside a longer term already found
      yield hit;
      cursor = hit.index + hit.term.length;
    }
  }
  return { find, targets: new Map(terms.map(([term, target]) => [term.toLowerCase(), target])) };
}

/**
 * `splitText` that keeps protected spans out of the sentences: they become gaps (kept verbatim by
 * `joinText`), and so does any run between them without a letter (", ", " - "). Glossary terms are
 * cut out the same way, and their gap holds the term's translation.
 */
export function splitProtected(text: string, language: string, glossary?: Glossary): Piece[] {
  const pieces: Piece[] = [];
  const gap = (value: string) => pushGap(pieces, value);
  /** Words between spans; after a span, the punctuation that joins it to them (", ") stays put. */
  const free = (run: string, afterSpan: boolean) => {
    if (!HAS_LETTER.test(run)) return gap(run);
    let first = afterSpan;
    for (const piece of splitText(run, language)) {
      if (piece.kind === 'gap' || !HAS_LETTER.test(piece.text)) gap(piece.text);
      else if (first) {
        const [, joint = '', words = ''] = LEADING_JOINT.exec(piece.text) ?? [];
        gap(joint);
        pieces.push({ kind: 'sentence', text: words });
      } else pieces.push(piece);
      if (piece.kind === 'sentence') first = false;
    }
  };
  /** A run without glossary terms: cut around the protected spans (in an ICU message, `#` too). */
  const protect = (run: string, afterSpan: boolean, inMessage = false) => {
    let cursor = 0;
    for (const span of spansOf(run, inMessage)) {
      free(run.slice(cursor, span.index), afterSpan || cursor > 0);
      const icu = icuParts(span.text);
      if (icu) icuMessage(icu);
      else gap(span.text);
      cursor = span.index + span.text.length;
    }
    free(run.slice(cursor), afterSpan || cursor > 0);
  };
  /** An ICU plural or select: its keywords stay, its messages (nested ones too) are translated. */
  const icuMessage = (parts: readonly IcuPart[]) => {
    for (const part of parts) {
      if (part.kind === 'syntax') gap(part.text);
      else protect(part.text, true, true);
    }
  };
  if (!glossary) {
    protect(text, false);
    return pieces;
  }
  let cursor = 0;
  for (const { index, term } of glossary.find(text)) {
    protect(text.slice(cursor, index), cursor > 0);
    gap(glossary.targets.get(term.toLowerCase()) ?? term);
    cursor = index + term.length;
  }
  protect(text.slice(cursor), cursor > 0);
  return pieces;
}

/** In an ICU message, `#` stands for the number: first, so a message's `#1` is not a hashtag. */
const PROTECTED_IN_MESSAGE = new RegExp(`#|${PROTECTED.source}`, 'gu');

/**
 * The protected spans of `text`, left to right. ICU plurals and selects are found by their braces
 * (icu-messages.ts), so a block with nested plurals is one span, as in documents; the regular
 * expression's own ICU form then only catches what is not a well-formed block (kept whole).
 */
export function* spansOf(text: string, inMessage = false): Generator<{ index: number; text: string }> {
  const pattern = new RegExp(inMessage ? PROTECTED_IN_MESSAGE : PROTECTED);
  const blocks = icuBlocks(text);
  for (let cursor = 0; cursor < text.length;) {
    pattern.lastIndex = cursor;
    const match = pattern.exec(text);
    while (blocks[0] && blocks[0].start < cursor) blocks.shift(); // inside a span already found
    const block = blocks[0];
    const span =
      block && (!match || block.start <= match.index)
        ? { index: block.start, text: text.slice(block.start, block.end) }
        : match && { index: match.index, text: match[0] };
    if (!span) return;
    yield span;
    cursor = span.index + Math.max(span.text.length, 1);
  }
}

/** The protected spans of a text, in order (for tests and the docs). */
export function protectedSpans(text: string): string[] {
  return [...spansOf(text)].map((span) => span.text);
}
