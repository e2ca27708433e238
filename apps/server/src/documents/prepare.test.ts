import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { suffixedName } from './output-name.ts';
import { baseNameOf, cutToBudget, prepareDocument } from './prepare.ts';
import { testLimits, translateFile } from './testing/translate-file.ts';

const prepare = (
  fileName: string,
  content: string | Uint8Array,
  mimeType?: string,
  limits: typeof testLimits = testLimits,
) =>
  prepareDocument(
    {
      fileName,
      bytes: typeof content === 'string' ? strToU8(content) : content,
      ...(mimeType ? { mimeType } : {}),
    },
    limits,
  );

describe('prepareDocument: choosing the format', () => {
  it('goes by the extension, case-insensitively', async () => {
    expect((await prepare('NOTES.MD', '# Hi there')).format).toBe('md');
    expect((await prepare('page.htm', '<p>Hi there</p>')).format).toBe('html');
  });

  it('falls back to the declared media type, then to the content', async () => {
    expect((await prepare('upload', '{"a": "Hello"}', 'application/json')).format).toBe('json');
    expect((await prepare('upload', 'Plain words')).format).toBe('txt');
    expect(
      (
        await prepare(
          'upload',
          zipSync({ 'word/document.xml': strToU8('<w:p><w:r><w:t>Hi there</w:t></w:r></w:p>') }),
        )
      ).format,
    ).toBe('docx');
  });

  it('refuses an unsupported extension with the list of supported ones (415)', async () => {
    await expect(prepare('slides.key', 'x')).rejects.toMatchObject({
      statusCode: 415,
      code: 'UNSUPPORTED_DOCUMENT_TYPE',
      detail:
        'Files of type .key are not supported. Supported: .txt, .md, .html, .srt, .vtt, .docx, .json, .pdf, .xlsx, .pptx, .odt, .ods, .odp, .epub, .xlf, .po, .arb, .xml, .strings, .stringsdict, .xcstrings, .yml.',
    });
    await expect(prepare('old.doc', 'x')).rejects.toMatchObject({
      statusCode: 415,
      detail: expect.stringContaining('save the document as .docx'),
    });
    await expect(prepare('old.xls', 'x')).rejects.toMatchObject({
      statusCode: 415,
      detail: 'Old binary .xls files are not supported; save the file as .xlsx and try again.',
    });
  });
});

/** A refusal: its status, its detail (text or matcher) and, where one is asserted, its code. */
const refused = (status: number, detail: unknown, code?: string) => ({
  statusCode: status,
  detail,
  ...(code ? { code } : {}),
});

describe('prepareDocument: refusing bad files', () => {
  it.each([
    [
      'binary data renamed .txt (NUL bytes)',
      'photo.txt',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]),
      refused(422, 'The file holds binary data (NUL bytes), not .txt text.', 'DOCUMENT_TYPE_MISMATCH'),
    ],
    [
      'text that is not UTF-8',
      'latin1.txt',
      new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x61]),
      refused(422, 'The .txt file is not UTF-8 text; save it as UTF-8 and try again.'),
    ],
    [
      'a Word package renamed .txt',
      'report.txt',
      zipSync({ a: strToU8('x') }),
      refused(422, 'The file is named .txt but is a ZIP package (e.g. a .docx), not text.'),
    ],
    [
      'an old binary .doc renamed .docx',
      'old.docx',
      new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      refused(422, expect.stringContaining('old binary Office file (.doc, .xls, .ppt)')),
    ],
    ['an empty file', 'empty.txt', '', refused(422, 'The file is empty.')],
    [
      'a file without text',
      'numbers.txt',
      '1 2 3\n---\n',
      refused(422, 'No text to translate was found in the file.', 'DOCUMENT_HAS_NO_TEXT'),
    ],
  ])('refuses %s', async (_, fileName, content, refusal) => {
    await expect(prepare(fileName, content)).rejects.toMatchObject(refusal);
  });

  it.each([
    [
      'files over the byte limit (413)',
      new Uint8Array(2048).fill(65),
      { maxFileBytes: 1024 },
      refused(413, 'The file is larger than the 1 KB limit.', 'DOCUMENT_TOO_LARGE'),
    ],
    [
      'documents with more text than the character limit (413)',
      'word '.repeat(3000),
      { maxChars: 10_000 },
      refused(
        413,
        "The document has 14,999 characters of text; the limit is 10,000. Split the file, or ask the server's operator to raise SEMA_DOC_MAX_CHARS (a large project's catalogue can hold several hundred thousand characters).",
        'DOCUMENT_TOO_LONG',
      ),
    ],
  ])('refuses %s', async (_, content, limit, refusal) => {
    await expect(prepare('a.txt', content, undefined, { ...testLimits, ...limit })).rejects.toMatchObject(
      refusal,
    );
  });
});

describe('prepareDocument: text encodings', () => {
  it('reads UTF-16 with a byte-order mark and UTF-8 with one, and keeps the UTF-8 mark', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hello there', 'utf16le')]);
    expect((await prepare('w.txt', utf16)).segments).toEqual(['Hello there']);
    const po = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('msgid "Hello there"\nmsgstr ""\n', 'utf16le'),
    ]);
    expect((await prepare('fr.po', po)).note).toContain('The file was UTF-16 text; it comes back as UTF-8.');
    const { text } = await translateFile(
      'bom.txt',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Hi you')]),
    );
    expect(text).toBe('\uFEFFHI YOU');
    // Trados writes its .sdlxliff with a mark; it comes back with it.
    const sdlxliff =
      '\uFEFF<?xml version="1.0" encoding="utf-8"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="a.docx" source-language="en-US" target-language="fr-FR" datatype="x-sdlfilterframework2"><body><trans-unit id="1"><source>Hello there</source></trans-unit></body></file></xliff>';
    const out = await translateFile('doc.sdlxliff', sdlxliff);
    expect(out.text.startsWith('\uFEFF<?xml')).toBe(true);
    expect(out.text).toContain('<target state="needs-review-translation">HELLO THERE</target>');
  });
});

describe('file names', () => {
  it("names the result after the upload and the target language's short tag", async () => {
    const prepared = await prepare('C:\\docs\\report.final.md', '# Hi');
    expect(suffixedName({ ...prepared, source: 'eng_Latn', target: 'fra_Latn' }).fileName).toBe(
      'report.final.fr.md',
    );
    expect(suffixedName({ ...prepared, source: 'eng_Latn', target: 'swh_Latn' }).fileName).toBe(
      'report.final.sw.md',
    );
    expect(suffixedName({ ...prepared, source: 'eng_Latn', target: 'zho_Hant' }).fileName).toBe(
      'report.final.zh-Hant.md',
    );
    expect(suffixedName({ ...prepared, source: 'eng_Latn', target: 'ace_Arab' }).fileName).toBe(
      'report.final.ace-Arab.md',
    );
    expect(baseNameOf('\u0007.txt')).toBe('document');
  });
});

describe('text only (a chat context)', () => {
  it('returns the text of any format as plain lines, named .txt', async () => {
    const prepared = await prepareDocument(
      { fileName: 'page.html', bytes: strToU8('<h1>Title</h1><p>Body <b>text</b></p>') },
      testLimits,
      { textOnly: {} },
    );
    expect(prepared).toMatchObject({ extension: 'txt', mimeType: 'text/plain', truncated: false });
    // A paragraph with a bold word is one line: its sentence, whole.
    expect(await prepared.rebuild(prepared.segments)).toBe('Title\nBody text');
  });

  it('keeps only the budget, cutting the last paragraph at a space, and says so', async () => {
    const prepared = await prepareDocument(
      {
        fileName: 'a.txt',
        bytes: strToU8('First line here.\nSecond line is longer than the rest.\nThird.\n'),
      },
      testLimits,
      { textOnly: { budget: 30 } },
    );
    expect(prepared.segments).toEqual(['First line here.', 'Second line is']);
    expect(prepared).toMatchObject({ truncated: true, characters: 30 });
  });

  it('lets a long document through when its budget is under the character limit', async () => {
    const prepared = await prepareDocument(
      { fileName: 'a.txt', bytes: strToU8('word '.repeat(3000)) },
      { ...testLimits, maxChars: 1000 },
      { textOnly: { budget: 500 } },
    );
    expect(prepared.characters).toBeLessThanOrEqual(500);
  });

  it('cutToBudget keeps whole segments that fit', () => {
    expect(cutToBudget(['abc', 'def'], 6)).toEqual(['abc', 'def']);
    expect(cutToBudget(['abc', 'defgh'], 5)).toEqual(['abc', 'de']);
    expect(cutToBudget(['one two three'], 9)).toEqual(['one two']);
  });
});
