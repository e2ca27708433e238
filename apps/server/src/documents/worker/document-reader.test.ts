import { afterEach, describe, expect, it } from 'vitest';
import { testLimits } from '../testing/translate-file.ts';
import { DocumentReader } from './document-reader.ts';

const encode = (text: string) => new TextEncoder().encode(text);
/** Markdown that takes well over 0.1 s to read: 4 MB of list items with emphasis and links. */
const slowMarkdown = Array.from(
  { length: 100_000 },
  (_, i) => `- *item ${i}* [link](https://x.org/${i})`,
).join('\n');

let reader: DocumentReader | undefined;
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});

describe('DocumentReader (the document worker)', () => {
  it('reads a file in the worker and rebuilds it there', async () => {
    reader = new DocumentReader({ timeoutMs: 20_000, maxMemoryMb: 256 });
    const prepared = await reader.prepare(
      { fileName: 'a.md', bytes: encode('# Hello\n\nSome *words*.\n') },
      testLimits,
    );
    expect(prepared).toMatchObject({ format: 'md', segments: ['Hello', 'Some', 'words'], characters: 14 });
    expect(await prepared.rebuild(['Habari', 'Baadhi', 'maneno'])).toBe('# Habari\n\nBaadhi *maneno*.\n');
    prepared.dispose?.();
    await expect(prepared.rebuild(['x', 'y', 'z'])).rejects.toThrow(/not held by this worker/);
  });

  it('passes refusals through with their status, code and reason', async () => {
    reader = new DocumentReader({ timeoutMs: 20_000, maxMemoryMb: 256 });
    await expect(
      reader.prepare({ fileName: 'x.docx', bytes: encode('plain') }, testLimits),
    ).rejects.toMatchObject({
      statusCode: 422,
      code: 'DOCUMENT_TYPE_MISMATCH',
      detail: 'The file is named .docx but is not a Word document (it is not a ZIP package).',
    });
  });

  it('refuses a file that takes too long to read, replaces the worker, and reads the next file', async () => {
    reader = new DocumentReader({ timeoutMs: 100, maxMemoryMb: 256 });
    const started = performance.now();
    await expect(
      reader.prepare({ fileName: 'slow.md', bytes: encode(slowMarkdown) }, testLimits),
    ).rejects.toMatchObject({
      statusCode: 422,
      code: 'INVALID_DOCUMENT',
      detail: 'The file took longer than 0.1 s to read and was refused (it is too complex, or hostile).',
    });
    expect(performance.now() - started).toBeLessThan(15_000);
    const next = await reader.prepare({ fileName: 'b.txt', bytes: encode('Still working') }, testLimits);
    expect(next.segments).toEqual(['Still working']);
  });

  it('refuses a file that needs more memory than the worker may use', async () => {
    reader = new DocumentReader({ timeoutMs: 60_000, maxMemoryMb: 48 });
    const html = `<ul>${'<li title="A title">Item text here</li>'.repeat(120_000)}</ul>`;
    await expect(
      reader.prepare(
        { fileName: 'huge.html', bytes: encode(html) },
        { ...testLimits, maxFileBytes: 64 * 1024 * 1024, maxChars: 10_000_000 },
      ),
    ).rejects.toMatchObject({
      statusCode: 413,
      code: 'DOCUMENT_TOO_LARGE',
      detail: expect.stringContaining('of memory to read'),
    });
  });

  it('tells a document whose worker was replaced to send it again', async () => {
    reader = new DocumentReader({ timeoutMs: 100, maxMemoryMb: 256 });
    const prepared = await reader.prepare({ fileName: 'a.txt', bytes: encode('Hello there') }, testLimits);
    await expect(
      reader.prepare({ fileName: 'slow.md', bytes: encode(slowMarkdown) }, testLimits),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(prepared.rebuild(['Habari'])).rejects.toMatchObject({
      statusCode: 503,
      detail: expect.stringContaining('send it again'),
    });
  });
});
