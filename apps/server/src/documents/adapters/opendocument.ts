import type { DocumentFormat } from '@sema/shared/api/documents';
import { packageAdapter } from './office-package.ts';
import { paragraphLines } from './reading-text.ts';
import { setElementLanguage } from './xml-language.ts';
import { DUBLIN_CORE_TEXT, extractRuns, type RunDialect } from './xml-runs.ts';

/**
 * OpenDocument text, spreadsheets and presentations (.odt, .ods, .odp). The paragraphs and headings
 * (`text:p`, `text:h`) of content.xml (body, tables, cells, slides, speaker notes, footnotes) and of
 * styles.xml (headers and footers) are translated; spans with the same style join into one segment,
 * so a sentence LibreOffice split stays one. The title, subject and description in meta.xml are
 * translated and its `dc:language` set. Footnote numbers, fields (page numbers, dates), tracked
 * deletions and spreadsheet cells holding numbers, dates or formulas are kept as they are. Embedded
 * objects (charts, formulas: `Object N/content.xml`) are copied untranslated and counted in the note.
 */
const FIELDS = new Set([
  'text:note-citation',
  'text:tracked-changes',
  'text:page-number',
  'text:page-count',
  'text:date',
  'text:time',
  'text:sequence',
  'text:chapter',
  'text:file-name',
  'text:title',
  'text:author-name',
  'text:author-initials',
  'text:bookmark-ref',
  'text:reference-ref',
  'text:note-ref',
  'text:sequence-ref',
  'text:variable-get',
  'text:user-field-get',
  'text:user-defined',
  'presentation:date-time',
  // An embedded image's base64, inside a frame anchored in a paragraph.
  'office:binary-data',
]);

const CELLS = new Set(['table:table-cell', 'table:covered-table-cell']);

const OPENDOCUMENT: RunDialect = {
  paragraphs: new Set(['text:p', 'text:h']),
  runs: new Map([['text:span', { attribute: 'text:style-name' }]]),
  boundaries: new Set([
    'text:tab',
    'text:line-break',
    'text:s',
    'text:a',
    'text:note',
    'text:ruby',
    'draw:frame',
    'draw:a',
    'office:annotation',
  ]),
  skip: (name, attributes) =>
    FIELDS.has(name) ||
    // A cell's paragraph shows its value; only a string typed in (not a number, date or formula result) is words.
    (CELLS.has(name) &&
      (attributes['table:formula'] !== undefined ||
        (attributes['office:value-type'] ?? 'string') !== 'string')),
};

const KINDS = {
  odt: { kind: 'an OpenDocument text', mimeType: 'application/vnd.oasis.opendocument.text' },
  ods: { kind: 'an OpenDocument spreadsheet', mimeType: 'application/vnd.oasis.opendocument.spreadsheet' },
  odp: {
    kind: 'an OpenDocument presentation',
    mimeType: 'application/vnd.oasis.opendocument.presentation',
  },
} as const satisfies Partial<Record<DocumentFormat, { kind: string; mimeType: string }>>;

function openDocumentAdapter(format: keyof typeof KINDS) {
  const { kind, mimeType } = KINDS[format];
  return packageAdapter({
    format,
    mimeType,
    kind,
    // ODF's first entry names the kind of document; an .odt renamed .ods is told apart by it.
    marker: { entry: 'mimetype', content: mimeType },
    textPart(name) {
      if (name === 'content.xml' || name === 'styles.xml') return (xml) => extractRuns(xml, OPENDOCUMENT);
      if (name === 'meta.xml') return (xml) => extractRuns(xml, DUBLIN_CORE_TEXT);
      return undefined;
    },
    // Read: content.xml's paragraphs; footnotes, comments and an image's title are not read inside
    // the sentence they are anchored in.
    preview: {
      parts: (name) => name === 'content.xml',
      read: (xml) =>
        paragraphLines(xml, {
          paragraphs: OPENDOCUMENT.paragraphs,
          breaks: new Set(['text:line-break']),
          spaces: new Set(['text:tab', 'text:s']),
          skipped: new Set(['text:note', 'office:annotation', 'draw:frame']),
        }),
    },
    setLanguage: (name, xml, language) =>
      name === 'meta.xml' ? setElementLanguage(xml, 'dc:language', language, 'office:meta') : xml,
    untranslatedParts: [
      {
        pattern: /^Object \d+\/content\.xml$/,
        names: ['embedded object (a chart or formula)', 'embedded objects (charts or formulas)'],
      },
    ],
  });
}

export const odtAdapter = openDocumentAdapter('odt');
export const odsAdapter = openDocumentAdapter('ods');
export const odpAdapter = openDocumentAdapter('odp');
