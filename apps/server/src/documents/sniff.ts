import type { DocumentErrorCode } from '@sema/shared/api/documents';
import { documentError } from './errors.ts';

/** What the first bytes of a file say it is, whatever its name claims. */
export type Signature = 'zip' | 'pdf' | 'ole' | 'unknown';

export function signatureOf(bytes: Uint8Array): Signature {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'zip';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  // OLE compound file: an old .doc, or a password-protected .docx.
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  return 'unknown';
}

/** PDF readers accept the header anywhere in the first kilobyte (some writers put junk before it). */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes('%PDF-');
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes a text upload: UTF-8 (with or without a byte-order mark) or UTF-16 with its mark. Binary
 * data (NUL bytes) and other encodings are refused with a reason, never turned into mojibake.
 */
export function decodeText(bytes: Uint8Array, label: string): string {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    try {
      return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(bytes);
    } catch {
      throw documentError(
        'DOCUMENT_TYPE_MISMATCH',
        `The .${label} file starts like UTF-16 text but is not valid UTF-16.`,
      );
    }
  }
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  if (body.includes(0)) {
    throw documentError(
      'DOCUMENT_TYPE_MISMATCH',
      `The file holds binary data (NUL bytes), not .${label} text.`,
    );
  }
  try {
    return utf8.decode(body);
  } catch {
    throw documentError(
      'DOCUMENT_TYPE_MISMATCH',
      `The .${label} file is not UTF-8 text; save it as UTF-8 and try again.`,
    );
  }
}

/**
 * Decodes a file in the legacy `encoding` it declares (windows-1251, ISO-8859-2 …); refused with
 * `refusal.code` when no decoder knows the label (`refusal.fix` says what to do) or when the bytes
 * are not text in it. `refusal.declares` names the file and its declaration.
 */
export function decodeDeclared(
  bytes: Uint8Array,
  encoding: string,
  refusal: { code: DocumentErrorCode; declares: string; fix: string },
): string {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw documentError(
      refusal.code,
      `${refusal.declares}, which this server cannot read; ${refusal.fix} and try again.`,
    );
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw documentError(refusal.code, `${refusal.declares}, but its bytes are not ${encoding} text.`);
  }
}
