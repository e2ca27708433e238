import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makeDocx, PIXEL_PNG } from '../testing/make-docx.ts';
import { translateFile } from '../testing/translate-file.ts';
import type { TranslateTexts } from '../translate-segments.ts';
import { MARKERS } from '../../translation/inline-codes.ts';

const decoder = new TextDecoder();

function part(files: Record<string, Uint8Array>, name: string): string {
  return decoder.decode(files[name]);
}

function paragraphs(xml: string): string[] {
  return xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
}

function styles(xml: string): string[] {
  return [...xml.matchAll(/<w:(?:pStyle|rPr)\b[\s\S]*?(?:\/>|<\/w:rPr>)/g)].map((m) => m[0]);
}

function texts(xml: string): string[] {
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]!);
}

describe('docx adapter', () => {
  it('keeps the same paragraphs, styles, table and run formatting, and translates the text', async () => {
    const original = unzipSync(await makeDocx());
    const { output } = await translateFile('report.docx', await makeDocx());
    const translated = unzipSync(output as Uint8Array);
    const before = part(original, 'word/document.xml');
    const after = part(translated, 'word/document.xml');
    expect(paragraphs(after)).toHaveLength(paragraphs(before).length);
    expect(styles(after)).toEqual(styles(before));
    expect((after.match(/<w:tc>/g) ?? []).length).toBe((before.match(/<w:tc>/g) ?? []).length);
    expect(texts(after).join('|')).toContain('ANNUAL SUMMARY');
    expect(texts(after)).toEqual(expect.arrayContaining(['REGION', 'RESULT', 'NORTH', '2024']));
    expect(after).toContain('> FIGURE ONE &amp; MORE</w:t>');
  });

  it('joins runs with the same formatting, and sends a sentence with a bold word whole, the bold kept on its word', async () => {
    const { prepared, output } = await translateFile('report.docx', await makeDocx());
    expect(prepared.segments).toContain('This sentence was split by Word into three runs.');
    // One sentence: the bold run is an ordered pair of codes around its word.
    expect(prepared.segments.map((segment) => segment.replace(MARKERS, '·'))).toContain(
      'Sales were ·very· good this year.',
    );
    const after = part(unzipSync(output as Uint8Array), 'word/document.xml');
    const runs = texts(after);
    const first = runs.indexOf('THIS SENTENCE WAS SPLIT BY WORD INTO THREE RUNS.');
    expect(first).toBeGreaterThan(-1);
    // The other runs of the sentence are emptied, not removed.
    expect(runs.slice(first + 1, first + 3)).toEqual(['', '']);
    expect(after).toMatch(/<w:b\/>[\s\S]*?<w:t[^>]*>VERY<\/w:t>/);
    expect(after).toContain('<w:t xml:space="preserve">SALES WERE </w:t>');
  });

  it('moves the words around a bold word as the translation orders them, the bold staying on its word', async () => {
    // A language that puts the adjective last: "good this year were sales **very**" style reordering.
    const reorder: TranslateTexts = async (segments) =>
      segments.map((segment) => {
        const [before, bold, after] = segment.split(MARKERS);
        if (bold === undefined) return segment.toUpperCase();
        const [open, close] = segment.match(MARKERS)!;
        return `${after!.trim().toUpperCase()} ${before!.trim().toUpperCase()} ${open}${bold.toUpperCase()}${close}`;
      });
    const { output } = await translateFile('report.docx', await makeDocx(), { translate: reorder });
    const after = part(unzipSync(output as Uint8Array), 'word/document.xml');
    const runs = texts(after);
    const start = runs.indexOf('GOOD THIS YEAR. SALES WERE ');
    expect(start).toBeGreaterThan(-1);
    expect(runs.slice(start, start + 3)).toEqual(['GOOD THIS YEAR. SALES WERE ', 'VERY', '']);
    expect(after).toMatch(/<w:b\/>[\s\S]*?<w:t[^>]*>VERY<\/w:t>/);
  });

  it('translates headers and footers and leaves every other entry byte for byte', async () => {
    const source = await makeDocx();
    const original = unzipSync(source);
    const translated = unzipSync((await translateFile('report.docx', source)).output as Uint8Array);
    expect(Object.keys(translated)).toEqual(Object.keys(original));
    const header = Object.keys(translated).find((name) => /^word\/header\d*\.xml$/.test(name))!;
    const footer = Object.keys(translated).find((name) => /^word\/footer\d*\.xml$/.test(name))!;
    expect(texts(part(translated, header))).toContain('QUARTERLY REPORT');
    expect(texts(part(translated, footer))).toContain('COMPANY CONFIDENTIAL');
    const changed = Object.keys(original).filter(
      (name) => Buffer.compare(original[name]!, translated[name]!) !== 0,
    );
    expect(changed.sort()).toEqual(['word/document.xml', footer, header].sort());
    const media = Object.keys(translated).find((name) => name.startsWith('word/media/'))!;
    expect(Buffer.from(translated[media]!).equals(Buffer.from(PIXEL_PNG))).toBe(true);
  });

  it('refuses a .docx that is not a ZIP package', async () => {
    await expect(translateFile('fake.docx', 'just text in a docx')).rejects.toMatchObject({
      statusCode: 422,
      code: 'DOCUMENT_TYPE_MISMATCH',
      detail: 'The file is named .docx but is not a Word document (it is not a ZIP package).',
    });
  });

  it('refuses a ZIP package that is not a Word document', async () => {
    const zip = zipSync({ 'readme.txt': strToU8('hello') });
    await expect(translateFile('archive.docx', zip)).rejects.toMatchObject({
      statusCode: 422,
      detail: 'The file is a ZIP package but not a Word document (it has no word/document.xml).',
    });
  });

  it('refuses a truncated package', async () => {
    const source = await makeDocx();
    await expect(translateFile('cut.docx', source.subarray(0, source.length - 200))).rejects.toMatchObject({
      statusCode: 422,
      code: 'INVALID_DOCUMENT',
      detail: expect.stringMatching(/^The ZIP package is damaged/),
    });
  });

  it('refuses XML parts that declare entities instead of expanding them', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<w:document><w:body><w:p><w:r><w:t>&b;&b;&b;</w:t></w:r></w:p></w:body></w:document>';
    const zip = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8(bomb) });
    await expect(translateFile('bomb.docx', zip)).rejects.toMatchObject({
      statusCode: 422,
      detail: expect.stringContaining('declares a DTD'),
    });
  });
});
