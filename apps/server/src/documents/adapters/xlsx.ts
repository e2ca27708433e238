import { packageAdapter } from './office-package.ts';
import { extractRuns, type RunDialect } from './xml-runs.ts';

/**
 * Excel (.xlsx): the shared strings (`xl/sharedStrings.xml`, where Excel keeps the text of every
 * cell) and the inline strings of each worksheet (`<c t="inlineStr"><is>…`) are translated; rich
 * text keeps its runs (bold stays on its words). Formulas (`<f>`), numbers and dates (`<v>`), the
 * cached results of string formulas, styles and sheet names (which formulas refer to) are not text
 * elements, so their bytes never change. Phonetic guides (`rPh`) are left as they are.
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

const TEXT_PARTS = /^xl\/(?:sharedStrings|worksheets\/[^/]+)\.xml$/;

export const xlsxAdapter = packageAdapter({
  format: 'xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  kind: 'an Excel workbook',
  marker: { entry: 'xl/workbook.xml' },
  textPart: (name) => (TEXT_PARTS.test(name) ? (xml) => extractRuns(xml, SPREADSHEET) : undefined),
  untranslatedParts: [
    { pattern: /^xl\/charts\/chart\d+\.xml$/, names: ['chart', 'charts'] },
    {
      pattern: /^xl\/drawings\/drawing\d+\.xml$/,
      names: ['drawing (text boxes, shapes)', 'drawings (text boxes, shapes)'],
    },
    { pattern: /^xl\/comments\d*\.xml$/, names: ['comment part', 'comment parts'] },
  ],
});
