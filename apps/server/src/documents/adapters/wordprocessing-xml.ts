import { Parser } from 'htmlparser2';
import type { ExtractedMarkup } from './html.ts';
import { extractRuns, type RunDialect } from './xml-runs.ts';

/**
 * The text of one WordprocessingML part (document.xml, a header, footnotes…), read by the rules of
 * xml-runs.ts: runs (`w:r`) of a paragraph with the same `w:rPr` join into one segment. Field codes
 * (`w:instrText`) and deleted text (`w:delText`) are not `w:t`, so they are never touched; a tracked
 * deletion cuts its sentence in two, so the struck words stay between the words they were between.
 */
const WORDPROCESSING: RunDialect = {
  paragraphs: new Set(['w:p']),
  textElements: new Set(['w:t']),
  runs: new Map([['w:r', { properties: 'w:rPr' }]]),
  /**
   * Breaks and objects inside a run, and wrappers whose words must not be joined to their
   * neighbours' (a link's text, a field, the two alternative renderings of mc:AlternateContent).
   */
  boundaries: new Set([
    'w:tab',
    'w:ptab',
    'w:br',
    'w:cr',
    'w:drawing',
    'w:pict',
    'w:object',
    'w:fldChar',
    'w:instrText',
    'w:sym',
    'w:footnoteReference',
    'w:endnoteReference',
    'w:commentReference',
    'w:noBreakHyphen',
    'w:hyperlink',
    'w:fldSimple',
    'mc:AlternateContent',
    'mc:Choice',
    'mc:Fallback',
    // A tracked deletion (or the old place of moved text) sits between words of the sentence that
    // stays; the words on either side are translated apart so the struck words keep their place.
    'w:del',
    'w:moveFrom',
  ]),
  skip: () => false,
  // Revision ids and proofing marks do not make runs look different.
  normaliseProperties: (rPr) =>
    rPr
      .replace(/\s+w:rsid\w*="[^"]*"/g, '')
      .replace(/<w:(?:lang|noProof)\b[^>]*\/>/g, '')
      .replace(/\s+/g, ' ')
      .replace(/^<w:rPr\s*(?:\/>|>\s*<\/w:rPr>)$/, ''),
  preserveSpace: true,
};

export function extractWordprocessing(xml: string): ExtractedMarkup {
  return extractRuns(xml, WORDPROCESSING);
}

/**
 * A WordprocessingML part as a person reads it: a line per paragraph, its runs joined in their
 * sentence, tabs as tabs and line breaks as new lines. Deleted revisions (`w:delText`) and field codes
 * (`w:instrText`) are not read, as Word does not show them.
 */
export function wordprocessingText(xml: string): string {
  let text = '';
  let inText = false;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'w:t') inText = true;
        else if (name === 'w:tab' || name === 'w:ptab') text += '\t';
        else if (name === 'w:br' || name === 'w:cr') text += '\n';
      },
      onclosetag(name) {
        if (name === 'w:t') inText = false;
        else if (name === 'w:p') text += '\n';
      },
      ontext(data) {
        if (inText) text += data;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
}
