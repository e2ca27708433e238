/**
 * gettext PO and POT catalogues. Each entry without a translation gets one: `msgid` → `msgstr`, and
 * for a plural entry one `msgstr[n]` per plural form. A catalogue that declares its `Plural-Forms`
 * keeps them (its formula says which form means one); a header without them (a template's
 * `nplurals=INTEGER`) is filled with the target's (plural-forms.ts), and the note says so. Only the
 * header lines that change are rewritten (`Language`, a filled `Plural-Forms`, the charset of a
 * catalogue read in a legacy charset and written back in UTF-8). A catalogue whose `Language` is
 * another language than the target is translated whole, its translations replaced and counted in the
 * note. Context (`msgctxt`), comments, references, flags, previous strings and obsolete entries are
 * kept, and the directives of the entry's format flag (`c-format`: `%.*s`, `%<PRIuMAX>`;
 * `python-format`: `%r`… gettext-formats.ts) and the shared placeholders (placeholders.ts) never
 * reach the model. Translated entries are marked `fuzzy`
 * (machine translation a person should check) unless the caller says no review is needed; entries
 * that already have a translation are left alone, and the answer's note counts them.
 *
 * gettext-parser reads each entry (it refuses a malformed one), and writes each new
 * `msgstr` (escaping and line folding as gettext does). It does not write the file back: its compiler
 * regroups the entries by context and reorders their comments, so the file is rewritten entry by
 * entry instead — only the `msgstr` lines and the `#,` flags of the entries translated here, and the
 * header, change; every other byte stays.
 */
import { po, type GetTextTranslation, type GetTextTranslations } from 'gettext-parser';
import { toLanguageTag } from '@sema/shared/languages/codes';
import { documentError } from '../errors.ts';
import { splitLines } from '../segments.ts';
import type { DocumentAdapter } from '../types.ts';
import { decodeDeclared, decodeText } from '../sniff.ts';
import { formatDirectives } from './gettext-formats.ts';
import { declaredPluralForms, pluralFormsOf, type PluralForms } from './plural-forms.ts';
import { joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';
import { localeInName, underscored } from '../output-name.ts';

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
  outputName: localeInName({ locale: underscored, extensions: { pot: 'po' } }),
  mimeType: 'text/x-gettext-translation',
  textual: true,
  decode: decodeCatalogue,
  extract({ text }, _limits, context) {
    const lines = splitLines(text);
    const { entries, headers } = entriesOf(lines);
    const target = context.target ? (toLanguageTag(context.target) ?? context.target) : undefined;
    const fileLanguage = headers.Language?.trim() ?? '';
    // A catalogue of another language (a de.po sent for French): its translations are not French.
    const otherLanguage = target && fileLanguage && primaryOf(fileLanguage) !== primaryOf(target);
    const declared = otherLanguage ? undefined : declaredPluralForms(headers['Plural-Forms']);
    const plural = declared ?? (context.target ? pluralFormsOf(context.target) : undefined);
    const segments: string[] = [];
    const work: Work[] = [];
    let kept = 0;
    let replaced = 0;
    let header: Entry | undefined;
    for (const entry of entries) {
      const { value } = entry;
      if (value.msgid === '' && value.msgctxt === undefined) {
        header = entry;
        continue;
      }
      const translated = value.msgstr.some((msgstr) => msgstr !== '');
      if (translated && !otherLanguage) {
        kept += 1;
        continue;
      }
      if (translated) replaced += 1;
      const directives = formatDirectives(value.comments?.flag);
      const singular = splitPlaceholders(value.msgid, segments, { directives });
      const plurals =
        value.msgid_plural === undefined
          ? {}
          : { plural: splitPlaceholders(value.msgid_plural, segments, { directives }) };
      work.push({ entry, singular, ...plurals });
    }
    const formCount = plural?.count ?? countOf(headers['Plural-Forms']) ?? 2;
    const charset = declaredCharset(headers['Content-Type']);
    const fields: Record<string, string> = {};
    // A finished catalogue (nothing left to translate) keeps its header as it was.
    if (header && target && work.length) fields.Language = target.replace(/-/g, '_');
    const fillsPluralForms = Boolean(header && context.target && !declared && plural && work.length);
    if (fillsPluralForms) fields['Plural-Forms'] = plural!.header;
    if (header && charset) {
      fields['Content-Type'] = headers['Content-Type']!.replace(/charset=[^;\s]+/i, 'charset=UTF-8');
    }
    const notes = [
      kept ? `${kept} PO entries already translated were left as they were.` : '',
      otherLanguage
        ? `The catalogue's Language is ${fileLanguage}, not ${target}: its ${replaced} translations were replaced by translations of the msgid into ${target}, and its header set for ${target}.`
        : '',
      fillsPluralForms && !otherLanguage
        ? `The catalogue declared no Plural-Forms; it was set to ${target}'s: ${plural!.header}`
        : '',
      context.target && !plural && work.some((item) => item.plural)
        ? `The plural rules of ${context.target} are not in CLDR as this server has it: Plural-Forms was left as it was and plural entries got ${formCount} forms; check them.`
        : '',
      context.target && !header
        ? 'The PO file has no header entry (msgid ""), so its Language was not set.'
        : '',
      charset && header
        ? `The catalogue was written in ${charset}; it comes back in UTF-8, and its header says charset=UTF-8.`
        : '',
    ].filter(Boolean);
    return {
      segments,
      ...(notes.length ? { note: notes.join(' ') } : {}),
      rebuild: (translations) => {
        const edits = new Map<number, { end: number; lines: string[] }>();
        for (const item of work) {
          const msgstr = msgstrOf(item, translations, plural, formCount);
          edits.set(item.entry.first, {
            end: item.entry.end,
            lines: rewriteEntry(lines, item.entry, msgstr, context.needsReview),
          });
        }
        if (header && Object.keys(fields).length) {
          edits.set(header.first, { end: header.end, lines: rewriteHeader(lines, header, headers, fields) });
        }
        let out = '';
        for (let i = 0; i < lines.length;) {
          const edit = edits.get(i);
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

/** `pt_BR` → `pt`, `sr@latin` → `sr`. */
function primaryOf(language: string): string {
  return language.split(/[-_@.]/)[0]!.toLowerCase();
}

/** The charset of `text/plain; charset=windows-1251` when it is not UTF-8 (nor a template's `CHARSET`). */
function declaredCharset(contentType: string | undefined): string | undefined {
  const charset = /charset=([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  return charset && !/^(?:utf-?8|charset)$/i.test(charset) ? charset : undefined;
}

/**
 * A catalogue's text, in the charset its header declares (gettext reads `windows-1251` or
 * `ISO-8859-2` catalogues; the label is found in the bytes, which are ASCII up to there); a file
 * without one, or declaring UTF-8, is read as any text upload.
 */
function decodeCatalogue(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16_384)).toString(
    'latin1',
  );
  const charset = declaredCharset(/"Content-Type:([^"]*)/i.exec(head)?.[1]);
  if (!charset || bytes[0] === 0xff || bytes[0] === 0xfe || bytes[0] === 0xef) return decodeText(bytes, 'po');
  return decodeDeclared(bytes, charset, {
    code: 'DOCUMENT_TYPE_MISMATCH',
    declares: `The PO file declares charset=${charset}`,
    fix: 'convert it with `msgconv --to-code=UTF-8`',
  });
}

/**
 * The file's entries, in order, with their line ranges: an entry starts at its first comment,
 * `msgctxt` or `msgid` line after the previous entry's `msgstr` (or a blank line), and runs to the
 * end of its `msgstr` lines. Each is read by gettext-parser on its own, the file only once; the
 * header entry's fields come from its reading.
 */
function entriesOf(lines: readonly string[]): { entries: Entry[]; headers: Record<string, string> } {
  const entries: Entry[] = [];
  let headers: Record<string, string> = {};
  let start = -1;
  let inMsgstr = false;
  const close = (end: number) => {
    if (start < 0) return;
    const own = lines.slice(start, end);
    // Comments alone (obsolete `#~` entries, a file's closing remarks) are kept as they are.
    if (own.some((line) => !line.startsWith('#'))) {
      const parsed = parseEntry(own.join(''), start);
      const values = Object.values(parsed.translations).flatMap((byId) => Object.values(byId));
      if (values.length !== 1 || !Array.isArray(values[0]!.msgstr)) {
        throw documentError(
          'INVALID_DOCUMENT',
          `The file is not a valid PO file: the entry at line ${start + 1} does not have one msgid and its msgstr.`,
        );
      }
      entries.push({ first: start, end, value: values[0]! });
      if (values[0]!.msgid === '' && values[0]!.msgctxt === undefined) headers = parsed.headers;
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
  return { entries, headers };
}

function parseEntry(text: string, start: number): GetTextTranslations {
  try {
    return po.parse(text);
  } catch (error) {
    throw documentError(
      'INVALID_DOCUMENT',
      `The file is not a valid PO file: the entry at line ${start + 1}: ${(error as Error).message}`,
    );
  }
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

/**
 * The header entry with the given fields set. A header written one field per line, as gettext's
 * tools write it, keeps every other byte (`charset=UTF-8` stays as it was spelled); one folded
 * otherwise is written again by gettext-parser.
 */
function rewriteHeader(
  lines: readonly string[],
  header: Entry,
  declared: Readonly<Record<string, string>>,
  fields: Readonly<Record<string, string>>,
): string[] {
  const own = lines.slice(header.first, header.end);
  const eol = /\r?\n$/.exec(own[0] ?? '')?.[0] ?? '\n';
  const at = own.findIndex((line) => line.startsWith('msgstr'));
  const fieldLine = /^"([\w-]+):[^"\\]*(?:\\.[^"\\]*)*\\n"\r?\n?$/;
  if (/^msgstr ""\r?\n$/.test(own[at] ?? '') && own.slice(at + 1).every((line) => fieldLine.test(line))) {
    const out = [...own];
    const missing = new Map(Object.entries(fields));
    for (let i = at + 1; i < out.length; i++) {
      const name = fieldLine.exec(out[i]!)![1]!;
      const value = missing.get(name);
      if (value === undefined) continue;
      out[i] = `"${name}: ${escapeHeader(value)}\\n"${/\r?\n$/.exec(out[i]!)?.[0] ?? ''}`;
      missing.delete(name);
    }
    if (missing.size) {
      const last = out.length - 1;
      const lastEol = /\r?\n$/.exec(out[last]!)?.[0] ?? '';
      if (!lastEol) out[last] += eol;
      const added = [...missing].map(([name, value]) => `"${name}: ${escapeHeader(value)}\\n"${eol}`);
      added[added.length - 1] = added.at(-1)!.slice(0, -eol.length) + lastEol;
      out.push(...added);
    }
    return out;
  }
  const headers = { ...declared, ...fields };
  const out = po.compile({ charset: 'utf-8', headers, translations: {} }).toString('utf8');
  const msgstr = out
    .slice(out.indexOf('\nmsgstr') + 1)
    .replace(/\n+$/, '')
    .split('\n');
  return [...own.slice(0, at), ...msgstr.map((line) => line + eol)];
}

function escapeHeader(value: string): string {
  return value.replace(/[\\"]/g, '\\$&');
}

/** `nplurals=3; plural=…` → 3. */
function countOf(pluralForms: string | undefined): number | undefined {
  const count = Number(/nplurals\s*=\s*(\d+)/.exec(pluralForms ?? '')?.[1]);
  return Number.isInteger(count) && count > 0 ? count : undefined;
}
