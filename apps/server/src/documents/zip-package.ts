import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import yauzl from 'yauzl';
import { formatBytes } from '../lib/format-bytes.ts';
import { documentError, formatCount } from './errors.ts';
import type { DocumentLimits } from './types.ts';

/**
 * Reading and writing ZIP packages (docx) without trusting them. yauzl reads the central directory
 * first, so the declared sizes are checked against the limits before a single byte is inflated, and
 * it stops any entry that inflates past its declared size (a lying zip bomb). fflate writes the
 * package back with the entries in their original order.
 */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
  /** True when stored without compression; kept that way on writing. */
  stored: boolean;
  modified: Date;
}

export async function readZip(bytes: Uint8Array, limits: DocumentLimits): Promise<ZipEntry[]> {
  const zip = await open(bytes);
  try {
    const entries = await listEntries(zip, limits);
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > limits.maxExpandedBytes) {
      throw documentError(
        'DOCUMENT_TOO_LARGE',
        `The package would expand to ${formatBytes(declared)}, over the safe limit of ${formatBytes(limits.maxExpandedBytes)}; it was refused unopened.`,
      );
    }
    const out: ZipEntry[] = [];
    for (const entry of entries) {
      if (entry.isEncrypted())
        throw documentError(
          'INVALID_DOCUMENT',
          'The package is encrypted; remove the password and try again.',
        );
      out.push({
        name: entry.fileName,
        data: await readEntry(zip, entry),
        stored: entry.compressionMethod === 0,
        modified: entry.getLastModDate(),
      });
    }
    return out;
  } finally {
    zip.close();
  }
}

export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const entry of entries) {
    const file = entry.stored ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
    file.mtime = entry.modified;
    zip.add(file);
    file.push(entry.data, true);
  }
  zip.end();
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function open(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (error, zip) => (error ? reject(broken(error)) : resolve(zip)),
    );
  });
}

function listEntries(zip: yauzl.ZipFile, limits: DocumentLimits): Promise<yauzl.Entry[]> {
  if (zip.entryCount > limits.maxZipEntries) {
    return Promise.reject(
      documentError(
        'DOCUMENT_TOO_LARGE',
        `The package holds ${formatCount(zip.entryCount)} files; at most ${formatCount(limits.maxZipEntries)} are accepted.`,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(broken(error)));
    zip.readEntry();
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(broken(error));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      // validateEntrySizes ends the stream with an error as soon as an entry inflates past its declared size.
      stream.on('error', (streamError: Error) => {
        stream.destroy();
        reject(
          /too many bytes/i.test(streamError.message)
            ? documentError(
                'INVALID_DOCUMENT',
                `The entry ${entry.fileName} inflates to more than its declared size; the package was refused (possible zip bomb).`,
              )
            : broken(streamError),
        );
      });
    });
  });
}

function broken(error: Error) {
  return documentError('INVALID_DOCUMENT', `The ZIP package is damaged: ${error.message}`);
}
