/**
 * gettext PO and POT catalogues. Each entry without a translation gets one: `msgid` → `msgstr`, and
 * for a plural entry one `msgstr[n]` per plural form of the target language (plural-forms.ts); the
 * header's `Language` and `Plural-Forms` are set for the target. Context (`msgctxt`), comments,
 * references, flags, previous strings and obsolete entries are kept, and printf / Python / brace
 * placeholders never reach the model (placeholders.ts). Translated entries are marked `fuzzy`
 * (machine translation a person should check) unless the caller says no review is needed; entries
 * that already have a translation are left alone, and the answer's note counts them.
 *
 * gettext-parser reads the file (it refuses a malformed one) and each entry, and writes each new
 * `msgstr` (escaping and line folding as gettext does). It does not write the file back: its compiler
 * regroups the entries by context and reorders their comments, so the file is rewritten entry by
 * entry instead — only the `msgstr` lines and the `#,` flags of the entries translated here, and the
 * header, change; every other byte stays.
 */
import { po, type GetTextTranslation, type GetTextTranslations } from 'gettext-parser';
import { toLanguageTag } from '@sema/shared/languages/codes';
import { documentError } from '../errors.ts';
import { splitLines } from '../segments.ts';
import type { DocumentAdapter, ExtractContext } from '../types.ts';
import { pluralFormsOf, type PluralForms } from './plural-forms.ts';
import { joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';

/** An entry: its lines in the file (end exclusive) and what gettext-parser read from them. */
interface Entry {
  first: number;
  end: number;
  value: GetTextTranslation;
}

interface Work {
  entry: Entry;
  singular: Pieces;
  plural?: Pieces;
}

export const poAdapter: DocumentAdapter = {
  format: 'po',
  mimeType: 'text/x-gettext-translation',
  textual: true,
  extract({ text }, _limits, context) {
    const table = parse(text);
    const lines = splitLines(text);
    const entries = entriesOf(lines);
    const plural = context.target ? pluralFormsOf(context.target) : undefined;
    const segments: string[] = [];
    const work: Work[] = [];
    let kept = 0;
    let header: Entry | undefined;
    for (const entry of entries) {
      const { value } = entry;
      if (value.msgid === '' && value.msgctxt === undefined) header = entry;
      else if (value.msgstr.some((msgstr) => msgstr !== '')) kept += 1;
      else {
        const singular = splitPlaceholders(value.msgid, segments);
        const plurals =
          value.msgid_plural === undefined ? {} : { plural: splitPlaceholders(value.msgid_plural, segments) };
        work.push({ entry, singular, ...plurals });
      }
    }
    // gettext-parser leaves `headers` out when the file has no header entry.
    const headers = (table.headers as GetTextTranslations['headers'] | undefined) ?? {};
    const formCount = plural?.count ?? countOf(headers['Plural-Forms']) ?? 2;
    const notes = [
      kept ? `${kept} PO entries already translated were left as they were.` : '',
      context.target && !plural && work.some((item) => item.plural)
        ? `The plural rules of ${context.target} are not in CLDR as this server has it: Plural-Forms was left as it was and plural entries got ${formCount} forms; check them.`
        : '',
      context.target && !header
        ? 'The PO file has no header entry (msgid ""), so its Language was not set.'
        : '',
    ].filter(Boolean);
    return {
      segments,
      ...(notes.length ? { note: notes.join(' ') } : {}),
      rebuild: (translations) => {
        const replaced = new Map<number, { end: number; lines: string[] }>();
        for (const item of work) {
          const msgstr = msgstrOf(item, translations, plural, formCount);
          replaced.set(item.entry.first, {
            end: item.entry.end,
            lines: rewriteEntry(lines, item.entry, msgstr, context.needsReview),
          });
        }
        if (header && context.target) {
          replaced.set(header.first, {
            end: header.end,
            lines: rewriteHeader(lines, header, table, context, plural),
          });
        }
        let out = '';
        for (let i = 0; i < lines.length;) {
          const edit = replaced.get(i);
          if (edit) {
            out += edit.lines.join('');
            i = edit.end;
          } else out += lines[i++];
        }
        return out;
      },
    };
  },
};

function parse(text: string): GetTextTranslations {
  try {
    return po.parse(text);
  } catch (error) {
    throw documentError('INVALID_DOCUMENT', `The file is not a valid PO file: ${(error as Error).message}`);
  }
}

/**
 * The file's entries, in order, with their line ranges: an entry starts at its first comment,
 * `msgctxt` or `msgid` line after the previous entry's `msgstr` (or a blank line), and runs to the
 * end of its `msgstr` lines. Each is read by gettext-parser on its own.
 */
function entriesOf(lines: readonly string[]): Entry[] {
  const entries: Entry[] = [];
  let start = -1;
  let inMsgstr = false;
  const close = (end: number) => {
    if (start < 0) return;
    const own = lines.slice(start, end);
    // Comments alone (obsolete `#~` entries, a file's closing remarks) are kept as they are.
    if (own.some((line) => !line.startsWith('#'))) {
      const parsed = po.parse(own.join(''));
      const values = Object.values(parsed.translations).flatMap((byId) => Object.values(byId));
      if (values.length !== 1 || !Array.isArray(values[0]!.msgstr)) {
        throw documentError(
          'INVALID_DOCUMENT',
          `The file is not a valid PO file: the entry at line ${start + 1} does not have one msgid and its msgstr.`,
        );
      }
      entries.push({ first: start, end, value: values[0]! });
    }
    start = -1;
    inMsgstr = false;
  };
  lines.forEach((line, i) => {
    const blank = line.trim() === '';
    const begins = /^(?:#|msgctxt|msgid)/.test(line);
    if (blank || (inMsgstr && begins)) close(i);
    if (!blank && start < 0) start = i;
    if (line.startsWith('msgstr')) inMsgstr = true;
  });
  close(lines.length);
  return entries;
}

/** The `msgstr` values of a translated entry: one per plural form of the target for a plural entry. */
function msgstrOf(
  { singular, plural, entry }: Work,
  translations: readonly string[],
  forms: PluralForms | undefined,
  formCount: number,
): string[] {
  const one = joinPieces(singular, translations);
  if (!plural) return [one];
  const other = joinPieces(plural, translations);
  // The singular fits a form only if that form means exactly one thing ("One file" is wrong for
  // Russian's 21), unless it carries the number itself.
  const countsItself = /%|\{/.test(entry.value.msgid);
  if (!forms) return Array.from({ length: formCount }, (_, i) => (i === 0 ? one : other));
  return forms.forms.map((form) =>
    form.category === 'one' && (form.onlyZeroOrOne || countsItself) ? one : other,
  );
}

/** The entry's lines with its new `msgstr` lines and, when asked, the `fuzzy` flag. */
function rewriteEntry(lines: readonly string[], entry: Entry, msgstr: string[], fuzzy: boolean): string[] {
  const own = lines.slice(entry.first, entry.end);
  const eol = /\r?\n$/.exec(own[0] ?? '')?.[0] ?? '\n';
  const at = own.findIndex((line) => line.startsWith('msgstr'));
  const compiled = compiledMsgstr({ ...entry.value, msgstr });
  const head = own.slice(0, at);
  if (fuzzy) addFuzzy(head, eol);
  // The file's last line may have no line end; the rewritten entry keeps it that way.
  const lastEol = /[\r\n]$/.test(own.at(-1) ?? '') ? eol : '';
  return [...head, compiled.join(eol) + lastEol];
}

/** Adds `fuzzy` to the entry's `#,` line, or writes one where gettext puts it (before `#|` and `msgid`). */
function addFuzzy(head: string[], eol: string): void {
  const flags = head.findIndex((line) => line.startsWith('#,'));
  if (flags >= 0) {
    if (!/\bfuzzy\b/.test(head[flags]!)) head[flags] = head[flags]!.replace(/^#,\s*/, '#, fuzzy, ');
    return;
  }
  const before = head.findIndex((line) => /^(?:#\||msgctxt|msgid)/.test(line));
  head.splice(before < 0 ? head.length : before, 0, `#, fuzzy${eol}`);
}

/** gettext-parser's `msgstr` lines for an entry (its escaping and folding), without line ends. */
function compiledMsgstr(value: GetTextTranslation): string[] {
  const table = { charset: 'utf-8', headers: {}, translations: { '': { [value.msgid]: value } } };
  const out = po.compile(table, { eol: '\n' }).toString('utf8');
  // The compiler always writes a header first; the entry is the last one.
  const entry = out.slice(out.lastIndexOf('\nmsgid ') + 1);
  return entry
    .slice(entry.indexOf('\nmsgstr') + 1)
    .replace(/\n+$/, '')
    .split('\n');
}

/** The header entry with `Language` and `Plural-Forms` for the target. */
function rewriteHeader(
  lines: readonly string[],
  header: Entry,
  table: GetTextTranslations,
  context: ExtractContext,
  plural: PluralForms | undefined,
): string[] {
  const language = (toLanguageTag(context.target!) ?? context.target!).replace(/-/g, '_');
  const headers = {
    ...table.headers,
    Language: language,
    ...(plural ? { 'Plural-Forms': plural.header } : {}),
  };
  const own = lines.slice(header.first, header.end);
  const eol = /\r?\n$/.exec(own[0] ?? '')?.[0] ?? '\n';
  const at = own.findIndex((line) => line.startsWith('msgstr'));
  const out = po.compile({ charset: table.charset, headers, translations: {} }).toString('utf8');
  const msgstr = out
    .slice(out.indexOf('\nmsgstr') + 1)
    .replace(/\n+$/, '')
    .split('\n');
  return [...own.slice(0, at), ...msgstr.map((line) => line + eol)];
}

/** `nplurals=3; plural=…` → 3. */
function countOf(pluralForms: string | undefined): number | undefined {
  const count = Number(/nplurals\s*=\s*(\d+)/.exec(pluralForms ?? '')?.[1]);
  return Number.isInteger(count) && count > 0 ? count : undefined;
}
