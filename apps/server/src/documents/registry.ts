import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_FORMATS,
  SUPPORTED_DOCUMENT_TYPES,
  unsupportedDocumentReason,
  type DocumentFormat,
} from '@sema/shared/api/documents';
import { androidAdapter } from './adapters/android.ts';
import { appleStringsAdapter } from './adapters/apple-strings.ts';
import { arbAdapter } from './adapters/arb.ts';
import { docxAdapter } from './adapters/docx.ts';
import { epubAdapter } from './adapters/epub.ts';
import { htmlAdapter } from './adapters/html.ts';
import { jsonAdapter } from './adapters/json.ts';
import { markdownAdapter } from './adapters/markdown.ts';
import { odpAdapter, odsAdapter, odtAdapter } from './adapters/opendocument.ts';
import { pdfAdapter } from './adapters/pdf.ts';
import { pptxAdapter } from './adapters/pptx.ts';
import { srtAdapter, vttAdapter } from './adapters/subtitles.ts';
import { poAdapter } from './adapters/po.ts';
import { txtAdapter } from './adapters/txt.ts';
import { xlsxAdapter } from './adapters/xlsx.ts';
import { xliffAdapter } from './adapters/xliff.ts';
import { stringsdictAdapter } from './adapters/stringsdict.ts';
import { xcstringsAdapter } from './adapters/xcstrings.ts';
import { yamlAdapter } from './adapters/yaml.ts';
import { documentError } from './errors.ts';
import { hasPdfHeader, signatureOf, type Signature } from './sniff.ts';
import type { DocumentAdapter } from './types.ts';

/** One adapter per format; adding a format is one file in adapters/ and one line here. */
export const ADAPTERS: Readonly<Record<DocumentFormat, DocumentAdapter>> = {
  txt: txtAdapter,
  md: markdownAdapter,
  html: htmlAdapter,
  srt: srtAdapter,
  vtt: vttAdapter,
  docx: docxAdapter,
  json: jsonAdapter,
  pdf: pdfAdapter,
  xlsx: xlsxAdapter,
  pptx: pptxAdapter,
  odt: odtAdapter,
  ods: odsAdapter,
  odp: odpAdapter,
  epub: epubAdapter,
  xliff: xliffAdapter,
  po: poAdapter,
  arb: arbAdapter,
  android: androidAdapter,
  strings: appleStringsAdapter,
  stringsdict: stringsdictAdapter,
  xcstrings: xcstringsAdapter,
  yaml: yamlAdapter,
};

/** Media types a client may send for a file without a usable extension. */
const MEDIA_TYPES: Readonly<Record<string, DocumentFormat>> = {
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/x-subrip': 'srt',
  'text/srt': 'srt',
  'text/vtt': 'vtt',
  'application/json': 'json',
  'application/pdf': 'pdf',
  ...Object.fromEntries(
    Object.values(ADAPTERS)
      .filter((adapter) => adapter.packageKind)
      .map((adapter) => [adapter.mimeType, adapter.format]),
  ),
  'application/xliff+xml': 'xliff',
  'application/x-xliff+xml': 'xliff',
  'text/x-gettext-translation': 'po',
  'text/x-po': 'po',
  'application/yaml': 'yaml',
  'application/x-yaml': 'yaml',
  'text/yaml': 'yaml',
  'text/x-yaml': 'yaml',
};

export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function formatOfExtension(extension: string): DocumentFormat | undefined {
  return DOCUMENT_FORMATS.find((format) => DOCUMENT_EXTENSIONS[format].includes(extension));
}

/**
 * Chooses the adapter for an upload: by its extension, else by its media type, else by its content;
 * then checks that the content is what the name says (a `.docx` must be a ZIP, a `.pdf` a PDF, a text
 * format must not be a ZIP or a PDF).
 */
export function resolveAdapter(upload: {
  fileName: string;
  mimeType?: string;
  bytes: Uint8Array;
}): DocumentAdapter {
  const signature = signatureOf(upload.bytes);
  const extension = extensionOf(upload.fileName);
  const unsupported = unsupportedDocumentReason(upload.fileName);
  if (unsupported) throw documentError('UNSUPPORTED_DOCUMENT_TYPE', unsupported);
  let format = formatOfExtension(extension);
  format ??=
    MEDIA_TYPES[upload.mimeType?.split(';')[0]?.trim().toLowerCase() ?? ''] ?? formatOfSignature(signature);
  if (!format) {
    throw documentError(
      'UNSUPPORTED_DOCUMENT_TYPE',
      `The file's type could not be recognised. Supported: ${SUPPORTED_DOCUMENT_TYPES}.`,
    );
  }
  checkSignature(format, signature, extension || format, upload.bytes);
  return ADAPTERS[format];
}

function formatOfSignature(signature: Signature): DocumentFormat | undefined {
  // A nameless ZIP is most often a Word document; the docx adapter says so when it is another package.
  if (signature === 'zip') return 'docx';
  if (signature === 'pdf') return 'pdf';
  if (signature === 'ole') return 'docx'; // refused below with the reason
  return 'txt';
}

function checkSignature(
  format: DocumentFormat,
  signature: Signature,
  label: string,
  bytes: Uint8Array,
): void {
  const { packageKind } = ADAPTERS[format];
  if (packageKind && signature !== 'zip') {
    throw documentError(
      'DOCUMENT_TYPE_MISMATCH',
      signature === 'ole'
        ? `The file is an old binary Office file (.doc, .xls, .ppt) or a password-protected document, not a .${format} package; save it as .${format} without a password.`
        : `The file is named .${label} but is not ${packageKind} (it is not a ZIP package).`,
    );
  }
  if (format === 'pdf' && !hasPdfHeader(bytes)) {
    throw documentError(
      'DOCUMENT_TYPE_MISMATCH',
      `The file is named .${label} but is not a PDF (it has no %PDF header).`,
    );
  }
  if (ADAPTERS[format].textual && signature !== 'unknown') {
    const actual =
      signature === 'zip'
        ? 'a ZIP package (e.g. a .docx)'
        : signature === 'pdf'
          ? 'a PDF'
          : 'an Office binary file';
    throw documentError('DOCUMENT_TYPE_MISMATCH', `The file is named .${label} but is ${actual}, not text.`);
  }
}
