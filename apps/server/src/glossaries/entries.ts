/**
 * A glossary's entries — `term → translation` pairs — read from the forms clients send them in (a
 * JSON object, DeepL's TSV and CSV), checked against the limits, and written back as TSV. Every
 * problem is reported with the line or term it is on, so a person fixing a 5,000-line file can find
 * it.
 */
import { GLOSSARY_LIMITS } from '@sema/shared/api/glossaries';

/** One entry: the term in the source language, and what it must become in the target. */
export type GlossaryEntry = readonly [term: string, translation: string];

export type EntriesFormat = 'tsv' | 'csv';

/** A problem with a glossary as sent: the message says where and what. */
export class GlossaryInputError extends Error {
  override name = 'GlossaryInputError';
}

/** Entries from TSV (`term<TAB>translation` per line) or CSV (`term,translation` with RFC 4180 quotes). */
export function parseEntries(text: string, format: EntriesFormat): GlossaryEntry[] {
  const rows = format === 'tsv' ? tsvRows(text) : csvRows(text);
  return checkEntries(
    rows.flatMap(({ line, cells }) => {
      if (cells.length === 1 && cells[0]!.trim() === '') return []; // blank line
      if (cells.length < 2) {
        const separator = format === 'tsv' ? 'tab' : 'comma';
        throw new GlossaryInputError(`entries line ${line}: no ${separator} between term and translation`);
      }
      // DeepL's CSV may carry the language pair in columns 3 and 4; they are not needed here.
      if (format === 'tsv' && cells.length > 2) {
        throw new GlossaryInputError(`entries line ${line}: more than one tab`);
      }
      return [{ where: `entries line ${line}`, entry: [cells[0]!.trim(), cells[1]!.trim()] as const }];
    }),
  );
}

/** Entries from a JSON object `{term: translation}`. */
export function entriesFromObject(object: Readonly<Record<string, unknown>>): GlossaryEntry[] {
  return checkEntries(
    Object.entries(object).map(([term, translation]) => {
      const where = `entries["${clip(term)}"]`;
      if (typeof translation !== 'string')
        throw new GlossaryInputError(`${where}: the translation must be text`);
      return { where, entry: [term.trim(), translation.trim()] as const };
    }),
  );
}

/** The entries as DeepL serves them: one `term<TAB>translation` per line. */
export function entriesToTsv(entries: readonly GlossaryEntry[]): string {
  return entries.map(([term, translation]) => `${term}\t${translation}`).join('\n');
}

function checkEntries(rows: readonly { where: string; entry: GlossaryEntry }[]): GlossaryEntry[] {
  const { entries: maxEntries, termChars, translationChars } = GLOSSARY_LIMITS;
  if (rows.length === 0) throw new GlossaryInputError('entries: a glossary needs at least one entry');
  if (rows.length > maxEntries) {
    throw new GlossaryInputError(`entries: at most ${maxEntries} entries (got ${rows.length})`);
  }
  const seen = new Map<string, string>();
  for (const { where, entry } of rows) {
    const [term, translation] = entry;
    if (!term) throw new GlossaryInputError(`${where}: the term is empty`);
    if (!translation) throw new GlossaryInputError(`${where}: the translation is empty`);
    if (term.length > termChars) {
      throw new GlossaryInputError(`${where}: a term is at most ${termChars} characters`);
    }
    if (translation.length > translationChars) {
      throw new GlossaryInputError(`${where}: a translation is at most ${translationChars} characters`);
    }
    if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(term + translation)) {
      throw new GlossaryInputError(`${where}: control characters and line breaks are not allowed`);
    }
    // Terms match ignoring case, so "Sema" and "sema" are one term.
    const key = term.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      throw new GlossaryInputError(`${where}: "${clip(term)}" is already a term (${first})`);
    }
    seen.set(key, where);
  }
  return rows.map((row) => row.entry);
}

interface Row {
  line: number;
  cells: string[];
}

function tsvRows(text: string): Row[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n$/, '')
    .split('\n')
    .map((row, index) => ({ line: index + 1, cells: row.split('\t') }));
}

/** RFC 4180: fields separated by commas, optionally in double quotes with `""` for a quote. */
function csvRows(text: string): Row[] {
  const rows: Row[] = [];
  const source = text.replace(/\r\n?/g, '\n');
  let line = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let rowLine = 1;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push({ line: rowLine, cells: [...cells, cell] });
      cells = [];
      cell = '';
      rowLine = ++line;
    } else cell += char;
  }
  if (quoted) throw new GlossaryInputError(`entries line ${rowLine}: a quote is not closed`);
  if (cells.length > 0 || cell !== '') rows.push({ line: rowLine, cells: [...cells, cell] });
  return rows;
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
