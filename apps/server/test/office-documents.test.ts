/**
 * Office, OpenDocument and EPUB files through every API that takes documents, over real HTTP with
 * the tiny model: Sema's /api/v1/translate/document, LibreTranslate's /translate_file, and DeepL's
 * /v2/document driven by DeepL's own client (`deepl-node`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as deepl from 'deepl-node';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { TranslateDocumentResponse } from '@sema/shared/api/documents';
import { escapeXml } from '../src/documents/adapters/xml-runs.ts';
import { makeEpub, makeOdp, makeOds, makeOdt, makePptx, makeXlsx } from '../src/documents/testing/index.ts';
import { listenDuringTests, uploadForm as upload } from './build-test-app.ts';
import { translateDeepLDocument } from './deepl-document.ts';

const served = listenDuringTests({ SEMA_RATE_LIMIT: '1000/minute' });

/** What the model makes of one sentence, as it must appear in the rebuilt XML. */
const translated = async (text: string) =>
  escapeXml(
    (await served.app.translation.translate({ text, source: 'eng_Latn', target: 'fra_Latn' })).trim(),
  );

/** Each format, a part of it that holds text, and a sentence found there. */
const FILES = [
  ['report.xlsx', () => makeXlsx(), 'xl/sharedStrings.xml', 'Prepared by the finance team.'],
  ['report.pptx', async () => makePptx(), 'ppt/notesSlides/notesSlide1.xml', 'Remember to thank the team.'],
  ['report.odt', async () => makeOdt(), 'content.xml', 'Figures are unaudited.'],
  ['report.ods', async () => makeOds(), 'content.xml', 'Prepared by the finance team.'],
  ['report.odp', async () => makeOdp(), 'content.xml', 'Remember to thank the team.'],
  ['report.epub', async () => makeEpub(), 'OEBPS/toc.ncx', 'The Lighthouse Keeper'],
] as const;

describe('office documents through every API', () => {
  it.each(FILES)('/api/v1/translate/document translates %s', async (fileName, make, part, sentence) => {
    const source = await make();
    const response = await fetch(`${served.base}/api/v1/translate/document`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: upload(fileName, source, { source_language: 'eng_Latn', target_language: 'fra_Latn' }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as TranslateDocumentResponse;
    const extension = fileName.split('.').pop()!;
    expect(answer).toMatchObject({ file_name: `report.fr.${extension}`, format: extension });
    const before = unzipSync(source);
    const after = unzipSync(Buffer.from(answer.content_base64!, 'base64'));
    expect(Object.keys(after)).toEqual(Object.keys(before));
    const xml = new TextDecoder().decode(after[part]);
    expect(xml).not.toContain(sentence);
    expect(xml).toContain(await translated(sentence));
  });

  it('writes the target language into the file, through the document reader thread', async () => {
    const response = await fetch(`${served.base}/api/v1/translate/document`, {
      method: 'POST',
      body: upload('book.epub', makeEpub(), { source_language: 'eng_Latn', target_language: 'arb_Arab' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('book.ar.epub');
    const parts = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(new TextDecoder().decode(parts['OEBPS/content.opf'])).toContain('<dc:language>ar</dc:language>');
    expect(new TextDecoder().decode(parts['OEBPS/chapter1.xhtml'])).toContain('xml:lang="ar" lang="ar"');
  });

  it("LibreTranslate's /translate_file translates an .odt (its users' files came back untranslated)", async () => {
    const response = await fetch(`${served.base}/translate_file`, {
      method: 'POST',
      body: upload('notes.odt', makeOdt(), { source: 'en', target: 'fr' }),
    });
    expect(response.status).toBe(200);
    const { translatedFileUrl } = (await response.json()) as { translatedFileUrl: string };
    expect(translatedFileUrl).toMatch(/\/notes\.fr\.odt$/);
    const file = new Uint8Array(await (await fetch(translatedFileUrl)).arrayBuffer());
    const content = new TextDecoder().decode(unzipSync(file)['content.xml']);
    expect(content).toContain(await translated('Figures are unaudited.'));
    expect(Object.keys(unzipSync(file))[0]).toBe('mimetype');
  });

  it('deepl-node translates an .xlsx through /v2/document, with a glossary', async () => {
    const translator = new deepl.Translator('any-key:fx', { serverUrl: served.base, maxRetries: 0 });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-office-'));
    const input = path.join(folder, 'sales.xlsx');
    fs.writeFileSync(input, await makeXlsx());
    const glossary = await translator.createGlossary(
      'Office',
      'en',
      'fr',
      new deepl.GlossaryEntries({ entries: { 'finance team': 'service financier' } }),
    );
    const output = path.join(folder, 'sales.fr.xlsx');
    const status = await translator.translateDocument(input, output, 'en', 'fr', { glossary });
    expect(status.done()).toBe(true);
    const files = unzipSync(fs.readFileSync(output));
    const strings = new TextDecoder().decode(files['xl/sharedStrings.xml']);
    expect(strings).toContain('service financier');
    expect(strings).not.toContain('finance team');
    // Formulas and numbers are not text: the sheet with them comes back as it went.
    const sheet = new TextDecoder().decode(files['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('<f>SUM(B2:B3)</f><v>2221.5</v>');
    fs.rmSync(folder, { recursive: true, force: true });
  }, 30_000);
});

describe('office documents report the parts they leave untranslated (issue 29)', () => {
  /** The fixture deck with a chart, a SmartArt diagram and comments, whose text is not translated. */
  const deckWithExtras = () =>
    zipSync({
      ...unzipSync(makePptx()),
      'ppt/charts/chart1.xml': strToU8('<c:chartSpace><c:title>Sales by region</c:title></c:chartSpace>'),
      'ppt/charts/chart2.xml': strToU8('<c:chartSpace><c:title>Costs</c:title></c:chartSpace>'),
      'ppt/diagrams/data1.xml': strToU8('<dgm:dataModel><a:t>Plan</a:t></dgm:dataModel>'),
      'ppt/comments/comment1.xml': strToU8('<p:cmLst><p:cm><p:text>Check this</p:text></p:cm></p:cmLst>'),
    });
  const expected = 'Left untranslated (copied as they are): 2 charts, 1 SmartArt diagram, 1 comment part.';

  it('/api/v1/translate/document names them in the JSON note and the note header', async () => {
    const fields = { source_language: 'eng_Latn', target_language: 'fra_Latn' };
    const json = await fetch(`${served.base}/api/v1/translate/document`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: upload('deck.pptx', deckWithExtras(), fields),
    });
    expect(json.status).toBe(200);
    expect(((await json.json()) as TranslateDocumentResponse).note).toBe(expected);
    const file = await fetch(`${served.base}/api/v1/translate/document`, {
      method: 'POST',
      body: upload('deck.pptx', deckWithExtras(), fields),
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('x-document-note')).toBe(expected);
  });

  it("LibreTranslate's /translate_file names them in an extra note field", async () => {
    const response = await fetch(`${served.base}/translate_file`, {
      method: 'POST',
      body: upload('deck.pptx', deckWithExtras(), { source: 'en', target: 'fr' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { note?: string }).note).toBe(expected);
  });

  it("DeepL's /v2/document status names them in sema_note, next to billed_characters", async () => {
    const form = upload('deck.pptx', deckWithExtras(), { source_lang: 'EN', target_lang: 'FR' });
    const done = await translateDeepLDocument(served.base, form);
    expect(done.billed_characters).toBeGreaterThan(0);
    expect(done.sema_note).toBe(expected);
  }, 30_000);

  it('says nothing for a deck whose text is all translated', async () => {
    const response = await fetch(`${served.base}/api/v1/translate/document`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: upload('deck.pptx', makePptx(), { source_language: 'eng_Latn', target_language: 'fra_Latn' }),
    });
    expect(((await response.json()) as TranslateDocumentResponse).note).toBeUndefined();
  });
});
