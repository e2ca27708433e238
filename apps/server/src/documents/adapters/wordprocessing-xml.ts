import { decodeXML } from 'entities';
import { Parser } from 'htmlparser2';
import { addSegment, fillSlot, type Slot } from '../segments.ts';

/**
 * The text of one WordprocessingML part (document.xml, a header, footnotes…). Word cuts a sentence
 * into many runs (`w:r`) for spell-check marks, revision ids or a changed font, so the runs of a
 * paragraph that look the same (same `w:rPr`) are joined and translated as one segment; the
 * translation goes into the first `w:t` of the group and the others are emptied. Runs with other
 * formatting, tabs, breaks, fields, drawings and hyperlinks start a new segment, so bold stays on the
 * words it was on. Only the contents of `w:t` elements change; every other byte of the part is kept.
 */
interface TextElement {
  /** Source range of the opening tag, and of the text content. */
  tagStart: number;
  tagEnd: number;
  contentStart: number;
  contentEnd: number;
  preserveSpace: boolean;
}

interface Group {
  key: string;
  texts: TextElement[];
}

interface Paragraph {
  groups: Group[];
  current: Group | null;
}

interface Run {
  key: string;
  rPrStart: number;
}

/**
 * Elements that separate the text before them from the text after them: breaks and objects inside a
 * run, and wrappers whose words must not be joined to their neighbours' (a link's text, a field, the
 * two alternative renderings of mc:AlternateContent).
 */
const BOUNDARIES = new Set([
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
]);

/** Finds the text of `xml` and appends its segments to `segments` (shared by all parts of a package). */
export function extractPartText(
  xml: string,
  segments: string[],
): (translations: readonly string[]) => string {
  const groups = collectGroups(xml);
  const planned: Array<{ group: Group; slot: Slot }> = [];
  for (const group of groups) {
    const text = group.texts
      .map((element) => decodeXML(xml.slice(element.contentStart, element.contentEnd)))
      .join('');
    const slot = addSegment(segments, text);
    if (slot) planned.push({ group, slot });
  }
  return (translations) => {
    const edits: Array<{ start: number; end: number; text: string }> = [];
    for (const { group, slot } of planned) {
      group.texts.forEach((element, i) => {
        if (i > 0) {
          edits.push({ start: element.contentStart, end: element.contentEnd, text: '' });
          return;
        }
        const text = fillSlot(slot, translations);
        // Word drops leading and trailing spaces unless the element asks to keep them.
        if (!element.preserveSpace && text !== text.trim()) {
          edits.push({ start: element.tagStart, end: element.tagEnd, text: '<w:t xml:space="preserve">' });
        }
        edits.push({ start: element.contentStart, end: element.contentEnd, text: escapeXml(text) });
      });
    }
    edits.sort((a, b) => a.start - b.start);
    let out = '';
    let cursor = 0;
    for (const edit of edits) {
      out += xml.slice(cursor, edit.start) + edit.text;
      cursor = edit.end;
    }
    return out + xml.slice(cursor);
  };
}

function collectGroups(xml: string): Group[] {
  const groups: Group[] = [];
  const paragraphs: Paragraph[] = [];
  const runs: Run[] = [];
  const elements: string[] = [];
  let openText: TextElement | null = null;

  const breakGroup = () => {
    const paragraph = paragraphs.at(-1);
    if (paragraph) paragraph.current = null;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = elements.at(-1);
        elements.push(name);
        if (name === 'w:p') {
          breakGroup();
          paragraphs.push({ groups: [], current: null });
        } else if (name === 'w:r') {
          runs.push({ key: '', rPrStart: -1 });
        } else if (name === 'w:rPr' && parent === 'w:r') {
          runs.at(-1)!.rPrStart = parser.startIndex;
        } else if (name === 'w:t' && parent === 'w:r') {
          openText = {
            tagStart: parser.startIndex,
            tagEnd: parser.endIndex + 1,
            contentStart: parser.endIndex + 1,
            contentEnd: parser.endIndex + 1,
            preserveSpace: attributes['xml:space'] === 'preserve',
          };
        } else if (BOUNDARIES.has(name)) {
          breakGroup();
        }
      },
      onclosetag(name, isImplied) {
        elements.pop();
        if (name === 'w:p') {
          const paragraph = paragraphs.pop();
          if (paragraph) groups.push(...paragraph.groups);
          breakGroup();
        } else if (name === 'w:r') {
          runs.pop();
        } else if (name === 'w:rPr' && elements.at(-1) === 'w:r') {
          const run = runs.at(-1)!;
          run.key = runKey(xml.slice(run.rPrStart, parser.endIndex + 1));
        } else if (name === 'w:t' && openText) {
          const element: TextElement = openText;
          openText = null;
          if (isImplied) return; // <w:t/>: no text
          element.contentEnd = parser.startIndex;
          addToGroup(element, runs.at(-1)?.key ?? '', paragraphs.at(-1), groups);
        } else if (BOUNDARIES.has(name)) {
          breakGroup();
        }
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.end(xml);
  // Unclosed paragraphs (a truncated part) still give their text.
  for (const paragraph of paragraphs) groups.push(...paragraph.groups);
  return groups;
}

function addToGroup(
  element: TextElement,
  key: string,
  paragraph: Paragraph | undefined,
  groups: Group[],
): void {
  if (!paragraph) {
    groups.push({ key, texts: [element] });
    return;
  }
  if (paragraph.current && paragraph.current.key === key) {
    paragraph.current.texts.push(element);
    return;
  }
  paragraph.current = { key, texts: [element] };
  paragraph.groups.push(paragraph.current);
}

/** Run properties that only record history or proofing do not make runs look different. */
function runKey(rPr: string): string {
  return rPr
    .replace(/\s+w:rsid\w*="[^"]*"/g, '')
    .replace(/<w:(?:lang|noProof)\b[^>]*\/>/g, '')
    .replace(/\s+/g, ' ');
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
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
