import { documentError } from '../errors.ts';
import type { DocumentAdapter } from '../types.ts';
import { readZip, writeZip } from '../zip-package.ts';
import { extractPartText } from './wordprocessing-xml.ts';
import { refuseDtd } from './xml.ts';

/**
 * Word (.docx). The package is opened safely (see zip-package.ts), the text of the body, headers,
 * footers, footnotes, endnotes and comments is translated in place (see wordprocessing-xml.ts), and
 * the package is written back with every other entry (styles, numbering, images, relationships)
 * byte for byte. Text inside charts and DrawingML shapes (`a:t`) is not translated.
 */
const TEXT_PARTS = /^word\/(?:document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export const docxAdapter: DocumentAdapter = {
  format: 'docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  textual: false,
  async extract({ bytes }, limits) {
    const entries = await readZip(bytes, limits);
    if (!entries.some((entry) => entry.name === 'word/document.xml')) {
      throw documentError(
        'DOCUMENT_TYPE_MISMATCH',
        'The file is a ZIP package but not a Word document (it has no word/document.xml).',
      );
    }
    const segments: string[] = [];
    const parts = entries
      .filter((entry) => TEXT_PARTS.test(entry.name))
      .map((entry) => {
        const xml = decodePart(entry.name, entry.data);
        return { entry, rebuild: extractPartText(xml, segments) };
      });
    return {
      segments,
      rebuild(translations) {
        const rebuilt = new Map(
          parts.map(({ entry, rebuild }) => [entry.name, new TextEncoder().encode(rebuild(translations))]),
        );
        return writeZip(entries.map((entry) => ({ ...entry, data: rebuilt.get(entry.name) ?? entry.data })));
      },
    };
  },
};

function decodePart(name: string, data: Uint8Array): string {
  let xml: string;
  try {
    xml = utf8.decode(data);
  } catch {
    throw documentError('INVALID_DOCUMENT', `The part ${name} is not UTF-8 XML.`);
  }
  // Word never writes a DTD. One here can only be an entity-expansion attack, so nothing is expanded: it is refused.
  refuseDtd(
    xml,
    `The part ${name} declares a DTD (<!DOCTYPE/<!ENTITY>), which Word documents never do; the file was refused.`,
  );
  return xml;
}
