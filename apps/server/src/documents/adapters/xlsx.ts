import { packageAdapter, type PackageParts } from './office-package.ts';
import { extractRuns, type RunDialect } from './xml-runs.ts';

/**
 * Excel (.xlsx): the shared strings (`xl/sharedStrings.xml`, where Excel keeps the text of every
 * cell) and the inline strings of each worksheet (`<c t="inlineStr"><is>…`) are translated; rich
 * text keeps its runs (bold stays on its words). Formulas (`<f>`), numbers and dates (`<v>`), the
 * cached results of string formulas, styles and sheet names (which formulas refer to) are not text
 * elements, so their bytes never change. Phonetic guides (`rPh`) are left as they are. Comments are
 * translated too: the classic ones (`xl/commentsN.xml`, rich text like a shared string, the author's
 * name a run of its own) and the threaded replies of Excel 365 (`xl/threadedComments/…`, plain text).
 *
 * Table header cells are left as they are, and the note counts them: Excel requires a table's header
 * text to equal the column names in `xl/tables/tableN.xml`, which structured references in formulas
 * (`Table1[[#This Row],[Region]]`), pivot tables and queries name, so translating one without all the
 * others breaks the workbook. A shared string a header uses stays as it is in every cell that uses it.
 */
const prefixed = (names: string[]) => new Set(names.flatMap((name) => [name, `x:${name}`]));

const SPREADSHEET: RunDialect = {
  paragraphs: prefixed(['si', 'is']),
  textElements: prefixed(['t']),
  runs: new Map([
    ['r', { properties: 'rPr' }],
    ['x:r', { properties: 'x:rPr' }],
  ]),
  boundaries: new Set(),
  skip: (name) => name === 'rPh' || name === 'x:rPh',
  preserveSpace: true,
};

const COMMENTS: RunDialect = { ...SPREADSHEET, paragraphs: prefixed(['text']) };

const THREADED_COMMENTS: RunDialect = {
  paragraphs: new Set(['text']),
  runs: new Map(),
  boundaries: new Set(),
  skip: () => false,
};

const DIALECTS: ReadonlyArray<[RegExp, RunDialect]> = [
  [/^xl\/(?:sharedStrings|worksheets\/[^/]+)\.xml$/, SPREADSHEET],
  [/^xl\/comments\d*\.xml$/, COMMENTS],
  [/^xl\/threadedComments\/[^/]+\.xml$/, THREADED_COMMENTS],
];

/** The cells of the workbook's table header rows: shared strings by index, and inline cells by sheet. */
interface TableHeaders {
  sharedStrings: Set<number>;
  cells: Map<string, Set<string>>;
  count: number;
}

const headersByPackage = new WeakMap<PackageParts, TableHeaders>();

/** `B12` → [2, 12]; `AA3` → [27, 3]. */
function cellPosition(ref: string): [number, number] | undefined {
  const match = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(ref);
  if (!match) return undefined;
  const column = [...match[1]!].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0);
  return [column, Number(match[2])];
}

function tableHeaders(parts: PackageParts): TableHeaders {
  const known = headersByPackage.get(parts);
  if (known) return known;
  const headers: TableHeaders = { sharedStrings: new Set(), cells: new Map(), count: 0 };
  for (const rels of parts.names.filter((name) => /^xl\/worksheets\/_rels\/[^/]+\.xml\.rels$/.test(name))) {
    const sheet = rels.replace('_rels/', '').replace(/\.rels$/, '');
    const sheetXml = parts.text(sheet);
    if (!sheetXml) continue;
    const targets = [...(parts.text(rels) ?? '').matchAll(/<Relationship\b[^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => /Type="[^"]*\/table"/.test(tag))
      .map((tag) => /Target="([^"]+)"/.exec(tag)?.[1] ?? '')
      .map((target) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\.\//, '')}`));
    for (const table of targets) {
      const root = /<table\b[^>]*>/.exec(parts.text(table) ?? '')?.[0] ?? '';
      const ref = /\bref="([^":]+):([^"]+)"/.exec(root);
      const [first, last] = [cellPosition(ref?.[1] ?? ''), cellPosition(ref?.[2] ?? '')];
      if (!first || !last || /\bheaderRowCount="0"/.test(root)) continue;
      const inSheet = headers.cells.get(sheet) ?? new Set<string>();
      headers.cells.set(sheet, inSheet);
      for (const cell of sheetXml.matchAll(/<c\b([^>]*?)(\/>|>([\s\S]*?)<\/c>)/g)) {
        const at = /\br="([^"]+)"/.exec(cell[1]!)?.[1] ?? '';
        const position = cellPosition(at);
        if (!position || position[1] !== first[1] || position[0] < first[0] || position[0] > last[0])
          continue;
        const type = /\bt="([^"]+)"/.exec(cell[1]!)?.[1];
        if (type === 's') {
          const index = Number(/<v>(\d+)<\/v>/.exec(cell[3] ?? '')?.[1]);
          if (Number.isInteger(index)) headers.sharedStrings.add(index);
        } else if (type === 'inlineStr') inSheet.add(at);
        else continue;
        headers.count += 1;
      }
    }
  }
  headersByPackage.set(parts, headers);
  return headers;
}

/** The dialect of a part, leaving out the table headers it holds (`<si>` by index, `<c>` by reference). */
function withoutHeaders(name: string, dialect: RunDialect, headers: TableHeaders): RunDialect {
  if (name === 'xl/sharedStrings.xml' && headers.sharedStrings.size) {
    let index = -1;
    return {
      ...dialect,
      skip(element, attributes) {
        if (element === 'si' || element === 'x:si') return headers.sharedStrings.has(++index);
        return dialect.skip(element, attributes);
      },
    };
  }
  const cells = headers.cells.get(name);
  if (!cells?.size) return dialect;
  return {
    ...dialect,
    skip: (element, attributes) =>
      ((element === 'c' || element === 'x:c') && cells.has(attributes.r ?? '')) ||
      dialect.skip(element, attributes),
  };
}

export const xlsxAdapter = packageAdapter({
  format: 'xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  kind: 'an Excel workbook',
  marker: { entry: 'xl/workbook.xml' },
  textPart(name, parts) {
    const dialect = DIALECTS.find(([pattern]) => pattern.test(name))?.[1];
    if (!dialect) return undefined;
    const own = withoutHeaders(name, dialect, tableHeaders(parts));
    return (xml) => extractRuns(xml, own);
  },
  note(parts) {
    const { count } = tableHeaders(parts);
    if (!count) return undefined;
    return `${count} table header ${count === 1 ? 'cell was' : 'cells were'} left as written: Excel requires a table's header text to equal its column names, which formulas' structured references (Table1[Column]) name.`;
  },
  untranslatedParts: [
    { pattern: /^xl\/charts\/chart\d+\.xml$/, names: ['chart', 'charts'] },
    {
      pattern: /^xl\/drawings\/drawing\d+\.xml$/,
      names: ['drawing (text boxes, shapes)', 'drawings (text boxes, shapes)'],
    },
  ],
});
