import { packageAdapter } from './office-package.ts';
import { paragraphLines } from './reading-text.ts';
import { extractRuns, type RunDialect } from './xml-runs.ts';
import { officeLanguage } from './xml-language.ts';

/**
 * PowerPoint (.pptx): the text of every slide (shapes, text boxes, tables) and of the speaker notes
 * is translated in place, run by run (`a:r` with the same `a:rPr` join into one segment); the runs'
 * `lang` becomes the target language, so spell-check and fonts follow it. Fields (slide numbers,
 * dates) are kept; layouts, masters, charts, SmartArt and media are copied as they are.
 */
const DRAWING: RunDialect = {
  paragraphs: new Set(['a:p']),
  textElements: new Set(['a:t']),
  runs: new Map([['a:r', { properties: 'a:rPr' }]]),
  boundaries: new Set(['a:br', 'a:fld']),
  skip: (name) => name === 'a:fld',
  // Language, proofing and "edited" flags do not make runs look different.
  normaliseProperties: (rPr) =>
    rPr
      .replace(/\s+(?:lang|altLang|dirty|err|noProof|smtClean|smtId|bmk)="[^"]*"/g, '')
      .replace(/^<a:rPr\s*(?:\/>|>\s*<\/a:rPr>)$/, ''),
};

const SLIDE = /^ppt\/slides\/slide\d+\.xml$/;
const TEXT_PARTS = /^ppt\/(?:slides\/slide|notesSlides\/notesSlide)\d+\.xml$/;
const slideNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);

export const pptxAdapter = packageAdapter({
  format: 'pptx',
  mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  kind: 'a PowerPoint presentation',
  marker: { entry: 'ppt/presentation.xml' },
  textPart: (name) => (TEXT_PARTS.test(name) ? (xml) => extractRuns(xml, DRAWING) : undefined),
  // Read: the slides in their order, without speaker notes; fields (slide numbers, dates) are not words.
  preview: {
    parts: (name) => SLIDE.test(name),
    order: (a, b) => slideNumber(a) - slideNumber(b),
    read: (xml) =>
      paragraphLines(xml, {
        paragraphs: DRAWING.paragraphs,
        breaks: new Set(['a:br']),
        spaces: new Set(),
        skipped: new Set(['a:fld']),
        text: DRAWING.textElements!,
      }),
  },
  untranslatedParts: [
    { pattern: /^ppt\/charts\/chart\d+\.xml$/, names: ['chart', 'charts'] },
    { pattern: /^ppt\/diagrams\/data\d+\.xml$/, names: ['SmartArt diagram', 'SmartArt diagrams'] },
    { pattern: /^ppt\/comments\/[^/]+\.xml$/, names: ['comment part', 'comment parts'] },
  ],
  setLanguage: (_name, xml, language) =>
    xml.replace(/(<a:(?:rPr|endParaRPr|defRPr)\b[^>]*?\slang=")[^"]*"/g, `$1${officeLanguage(language)}"`),
});
