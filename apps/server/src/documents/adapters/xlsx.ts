import { packageAdapter } from './office-package.ts';
import { extractRuns, type RunDialect } from './xml-runs.ts';

/**
 * Excel (.xlsx): the shared strings (`xl/sharedStrings.xml`, where Excel keeps the text of every
 * cell) and the inline strings of each worksheet (`<c t="inlineStr"><is>…`) are translated; rich
 * text keeps its runs (bold stays on its words). Formulas (`<f>`), numbers and dates (`<v>`), the
 * cached results of string formulas, styles and sheet names (which formulas refer to) are not text
 * elements, so their bytes never change. Phonetic guides (`rPh`) are left as they are. Comments are
 * translated too: the classic ones (`xl/commentsN.xml`, rich text like a shared string, the author's
 * name a run of its own) and the threaded replies of Excel 365 (`xl/threadedComments/…`, plain text).
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

export const xlsxAdapter = packageAdapter({
  format: 'xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  kind: 'an Excel workbook',
  marker: { entry: 'xl/workbook.xml' },
  textPart(name) {
    const dialect = DIALECTS.find(([pattern]) => pattern.test(name))?.[1];
    return dialect && ((xml) => extractRuns(xml, dialect));
  },
  untranslatedParts: [
    { pattern: /^xl\/charts\/chart\d+\.xml$/, names: ['chart', 'charts'] },
    {
      pattern: /^xl\/drawings\/drawing\d+\.xml$/,
      names: ['drawing (text boxes, shapes)', 'drawings (text boxes, shapes)'],
    },
  ],
});
