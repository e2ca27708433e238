import { decodeDeclared, decodeText } from '../sniff.ts';

/**
 * XML that declares its encoding (`<?xml version="1.0" encoding="windows-1252"?>`, as older
 * localisation tools and Trados write): it is read in that encoding, and since Sema writes UTF-8,
 * the rebuilt file's declaration is changed to say UTF-8 (and the note says so), so no reader
 * decodes UTF-8 bytes as windows-1252. A file with a byte-order mark is read by the mark.
 */
const DECLARATION = /^(\uFEFF?<\?xml\b[^>]*?\bencoding\s*=\s*)(["'])([A-Za-z][\w.:-]*)\2/;

/** The encoding the XML declaration names when it is not UTF-8, or undefined. */
export function legacyEncoding(xml: string): string | undefined {
  const encoding = DECLARATION.exec(xml)?.[3];
  return encoding && !/^utf-?8$/i.test(encoding) ? encoding : undefined;
}

/** `xml` with its declaration saying UTF-8 (nothing else changes). */
export function declareUtf8(xml: string): string {
  return xml.replace(DECLARATION, (_match, head: string, quote: string) => `${head}${quote}UTF-8${quote}`);
}

/**
 * Decodes XML bytes: by their byte-order mark, else in the encoding the declaration names (its bytes
 * are ASCII), else as UTF-8. `what` names the file or part in a refusal ("The .xliff file").
 */
export function decodeXml(bytes: Uint8Array, what: string, label: string): string {
  const bom = bytes[0] === 0xef || bytes[0] === 0xff || bytes[0] === 0xfe;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 256)).toString(
    'latin1',
  );
  const encoding = bom ? undefined : legacyEncoding(head);
  if (!encoding || /^utf-?16/i.test(encoding)) return decodeText(bytes, label);
  return decodeDeclared(bytes, encoding, {
    code: 'INVALID_DOCUMENT',
    declares: `${what} declares encoding="${encoding}"`,
    fix: 'save it as UTF-8',
  });
}

/** The note for a file read in `encoding` and written back in UTF-8. */
export function reencodedNote(encoding: string, what = 'The file'): string {
  return `${what} declared encoding="${encoding}"; it comes back in UTF-8, and its XML declaration says so.`;
}
