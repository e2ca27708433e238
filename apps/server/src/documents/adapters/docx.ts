import { packageAdapter } from './office-package.ts';
import { extractWordprocessing, wordprocessingText } from './wordprocessing-xml.ts';

/**
 * Word (.docx): the text of the body, headers, footers, footnotes, endnotes and comments is
 * translated in place (wordprocessing-xml.ts); every other entry is kept (office-package.ts). Text
 * inside charts and DrawingML shapes (`a:t`) is not translated.
 */
const TEXT_PARTS = /^word\/(?:document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;

export const docxAdapter = packageAdapter({
  format: 'docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  kind: 'a Word document',
  marker: { entry: 'word/document.xml' },
  textPart: (name) => (TEXT_PARTS.test(name) ? extractWordprocessing : undefined),
  // Read: the body only; headers, footers and notes are other parts.
  preview: { parts: (name) => name === 'word/document.xml', read: wordprocessingText },
  untranslatedParts: [
    { pattern: /^word\/charts\/chart\d+\.xml$/, names: ['chart', 'charts'] },
    { pattern: /^word\/diagrams\/data\d+\.xml$/, names: ['SmartArt diagram', 'SmartArt diagrams'] },
  ],
});
