import { icuBlocks, icuParts } from '../../translation/icu-messages.ts';
import { PLACEHOLDER_PATTERNS } from '../../translation/protected-spans.ts';
import { InlineRun } from '../../translation/inline-codes.ts';
import { addSegment, fillSlot, hasLetters, splitEdges, type Slot } from '../segments.ts';

/**
 * Placeholders of the common i18n formats (the patterns live with the translation pipeline, which
 * protects them in every text): here, JSON values are cut around them before translation.
 */
const PLACEHOLDER = new RegExp(
  [
    ...PLACEHOLDER_PATTERNS,
    // An HTML character reference (`&laquo;`, `&amp;`, `&#39;`, `&#x2014;`): a Rails `_html` value or
    // a JSON message written for an HTML page spells characters so; the model would translate the name.
    /&(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
  'g',
);

/** Values that are data rather than words: URLs, e-mail addresses, paths, identifiers, colours. */
const MACHINE_STRING = [
  /^[a-z][\w+.-]*:\/\/\S*$/i, // URL
  /^(?:mailto:)?[^\s@]+@[^\s@]+\.[^\s@]+$/i, // e-mail
  /^[^\s]*[/\\][^\s]*$/, // path or MIME type
  /^[A-Za-z0-9]+(?:[_.:][A-Za-z0-9]+)+$/, // snake_case, dotted.keys, iso:codes (not "Sign-in")
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, // colour
];

export function isMachineString(text: string): boolean {
  const trimmed = text.trim();
  return MACHINE_STRING.some((pattern) => pattern.test(trimmed));
}

/**
 * A translatable slot whose translation an ICU reader must read as text: inside a plural or select
 * message (`'plural'`, where `#` is the number) or at the top level of an ICU message (`'top'`).
 */
interface IcuSlot extends Slot {
  icu: 'plural' | 'top';
}

/**
 * A slot whose segment holds its placeholders as inline codes (inline-codes.ts): the sentence goes
 * to translation whole, and `run` puts each placeholder back where the translation placed it.
 */
interface RunSlot extends Slot {
  run: InlineRun;
  icu?: IcuSlot['icu'];
}

/** A string cut into literal parts (kept as they are) and translatable slots. */
export type Pieces = Array<string | Slot | IcuSlot | RunSlot>;

export interface SplitOptions {
  /** A format's own directives (a PO entry's `c-format` ones), matched before the common placeholders. */
  directives?: RegExp;
  /**
   * The value is an ICU message (every ARB message): a brace or an apostrophe a translation brings
   * is quoted at the top level too. A value holding an ICU plural or select is an ICU message anyway.
   */
  icu?: boolean;
}

/**
 * Splits `text` around its placeholders and adds the words between them to `segments`. The messages
 * of an ICU plural or select (`{n, plural, =0 {No files} one {# file} other {{n} files}}`) are words
 * too: the syntax, `#` and the placeholders inside stay, the messages are translated. The ICU
 * matcher is the text pipeline's (a message may hold placeholders and other plurals).
 */
export function splitPlaceholders(text: string, segments: string[], options: SplitOptions = {}): Pieces {
  const blocks = [...icuBlocks(text)];
  const context: Context = {
    segments,
    icu: options.icu || blocks.length > 0 ? 'top' : undefined,
    directives: options.directives,
  };
  return splitMessage(text, blocks, context);
}

interface Context {
  segments: string[];
  /** Where the text is in an ICU message, if it is one. */
  icu: IcuSlot['icu'] | undefined;
  directives: RegExp | undefined;
}

function splitMessage(
  text: string,
  blocks: Iterable<{ start: number; end: number }>,
  context: Context,
): Pieces {
  const pieces: Pieces = [];
  let cursor = 0;
  for (const block of blocks) {
    splitFlat(text.slice(cursor, block.start), pieces, context);
    splitIcu(text.slice(block.start, block.end), pieces, context);
    cursor = block.end;
  }
  splitFlat(text.slice(cursor), pieces, context);
  return pieces;
}

/** Inside an ICU message, `#` stands for the number. */
const PLACEHOLDER_OR_HASH = new RegExp(`${PLACEHOLDER.source}|#`, 'g');

/** An ICU block: its syntax kept, each case's message split like any text (a malformed block is kept whole). */
function splitIcu(block: string, pieces: Pieces, context: Context): void {
  for (const part of icuParts(block) ?? [{ kind: 'syntax', text: block }]) {
    if (part.kind === 'syntax') pieces.push(part.text);
    else pieces.push(...splitMessage(part.text, icuBlocks(part.text), { ...context, icu: 'plural' }));
  }
}

/**
 * Text without ICU blocks: one segment, its placeholders held as inline codes, so the model reads
 * the sentence whole and the translation pipeline guarantees each placeholder comes back once (or
 * cuts the sentence around them). The context's `directives` (a format's own, such as a PO entry's
 * `c-format` ones) are matched first, so `%.*s` is one placeholder rather than words around `%.`.
 */
function splitFlat(text: string, pieces: Pieces, context: Context): void {
  const base = context.icu === 'plural' ? PLACEHOLDER_OR_HASH : PLACEHOLDER;
  const pattern = context.directives ? new RegExp(`${context.directives.source}|${base.source}`, 'g') : base;
  const { lead, core, trail } = splitEdges(text);
  const matches = [...core.matchAll(pattern)];
  if (matches.length === 0) return pushWords(text, pieces, context);
  if (!hasLetters(core.replace(pattern, ''))) {
    pieces.push(text); // placeholders and signs only: nothing to translate
    return;
  }
  const run = new InlineRun();
  const openTags: string[] = [];
  let cursor = 0;
  for (const match of matches) {
    run.text(core.slice(cursor, match.index));
    // A tag pair (`<a href="%handbook">…</a>`) is held as a pair, so the check keeps it in order.
    const tag = /^<(\/?)([A-Za-z][\w:.-]*)[^<>]*?(\/?)>$/.exec(match[0]);
    if (tag && !tag[1] && !tag[3]) {
      run.open(match[0]);
      openTags.push(tag[2]!);
    } else if (tag?.[1] && openTags.at(-1) === tag[2]) {
      run.close(match[0]);
      openTags.pop();
    } else {
      run.alone(match[0]);
    }
    cursor = match.index + match[0].length;
  }
  run.text(core.slice(cursor));
  context.segments.push(run.toSegment());
  const slot: RunSlot = { index: context.segments.length - 1, lead, trail, run };
  pieces.push(context.icu ? { ...slot, icu: context.icu } : slot);
}

function pushWords(text: string, pieces: Pieces, context: Context): void {
  if (!text) return;
  const slot = addSegment(context.segments, text);
  pieces.push(slot ? (context.icu ? { ...slot, icu: context.icu } : slot) : text);
}

/**
 * A translation as text of an ICU message, by ICU's apostrophe rules (formatjs, ICU4J; Flutter with
 * `use-escaping`): braces, and inside a plural or select `#` (the number), are quoted (`'{'`, a run
 * of them in one quotation), and an apostrophe that would start a quotation (before one of them,
 * another apostrophe or the end, where a placeholder or the message's `}` follows) is doubled. An
 * apostrophe elsewhere ("l'heure") stays single, as ICU reads it.
 */
export function escapeIcuMessage(text: string, where: IcuSlot['icu'] = 'plural'): string {
  return text.replace(where === 'plural' ? ICU_PLURAL_ESCAPES : ICU_TOP_ESCAPES, (match) =>
    // A run of syntax (with the apostrophes among it, doubled) is one quotation; a lone apostrophe doubled.
    match === "'" ? "''" : `'${match.replace(/'/g, "''")}'`,
  );
}

const ICU_PLURAL_ESCAPES = /[{}#][{}#']*|'(?=[{}#']|$)/g;
const ICU_TOP_ESCAPES = /[{}][{}']*|'(?=[{}']|$)/g;

export function joinPieces(pieces: Pieces, translations: readonly string[]): string {
  return pieces
    .map((piece) => {
      if (typeof piece === 'string') return piece;
      const where = 'icu' in piece ? piece.icu : undefined;
      const escape = where && ((text: string) => escapeIcuMessage(text, where));
      if ('run' in piece) {
        const translated = translations[piece.index];
        if (translated === undefined) throw new Error(`No translation for segment ${piece.index}`);
        return piece.lead + piece.run.render(translated.trim(), escape) + piece.trail;
      }
      return fillSlot(piece, translations, escape);
    })
    .join('');
}

export function hasSlots(pieces: Pieces): boolean {
  return pieces.some((piece) => typeof piece !== 'string');
}
