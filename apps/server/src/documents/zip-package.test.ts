import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { testLimits } from './testing/translate-file.ts';
import { readZip, writeZip } from './zip-package.ts';

const limits = { ...testLimits, maxExpandedBytes: 1024 * 1024, maxZipEntries: 50 };

/** Rewrites the uncompressed size of the first entry in both its local and central headers. */
function lieAboutSize(zip: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer);
  view.setUint32(22, size, true); // local file header
  const central = out.findIndex((_, i) => view.getUint32(i, true) === 0x02014b50);
  view.setUint32(central + 24, size, true);
  return out;
}

describe('zip package', () => {
  it('round-trips entries in order, keeping stored entries stored', async () => {
    const entries = [
      { name: 'mimetype', data: strToU8('application/test'), stored: true, modified: new Date(2020, 0, 1) },
      { name: 'b/1.xml', data: strToU8('<a/>'.repeat(100)), stored: false, modified: new Date(2020, 0, 1) },
    ];
    const read = await readZip(writeZip(entries), limits);
    expect(read.map((entry) => [entry.name, entry.stored, Buffer.from(entry.data).toString()])).toEqual(
      entries.map((entry) => [entry.name, entry.stored, Buffer.from(entry.data).toString()]),
    );
  });

  it('refuses a package whose declared size is over the limit before inflating anything', async () => {
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(2 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(10_000);
    await expect(readZip(bomb, limits)).rejects.toMatchObject({
      statusCode: 413,
      code: 'DOCUMENT_TOO_LARGE',
      detail: 'The package would expand to 2 MB, over the safe limit of 1 MB; it was refused unopened.',
    });
  });

  it('stops an entry that inflates past the size it declares (a lying zip bomb)', async () => {
    const bomb = lieAboutSize(
      zipSync({ 'word/document.xml': new Uint8Array(4 * 1024 * 1024) }, { level: 9 }),
      100,
    );
    await expect(readZip(bomb, limits)).rejects.toMatchObject({
      statusCode: 422,
      detail: expect.stringContaining('inflates to more than its declared size'),
    });
  });

  it('refuses a package with too many entries', async () => {
    const files = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}.txt`, strToU8('x')]));
    await expect(readZip(zipSync(files), limits)).rejects.toMatchObject({
      statusCode: 413,
      detail: expect.stringContaining('60 files'),
    });
  });
});
