/**
 * The DeepL-compatible API under /v2, driven over real HTTP by DeepL's official client (`deepl-node`)
 * pointed at Sema with `serverUrl`, and by form posts as other DeepL clients send them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as deepl from 'deepl-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { listenDuringTests } from './build-test-app.ts';
import { translateDeepLDocument } from './deepl-document.ts';

const served = listenDuringTests({ SEMA_RATE_LIMIT: '1000/minute' });
let translator: deepl.Translator;

beforeAll(async () => {
  // Any key: Sema needs none. No retries, so a refusal shows at once.
  translator = new deepl.Translator('any-key:fx', { serverUrl: served.base, maxRetries: 0 });
  await served.app.translation.translate({ text: 'warm up', source: 'eng_Latn', target: 'swh_Latn' });
}, 60_000);

const ours = (text: string, source: string, target: string) =>
  served.app.translation.translate({ text, source, target });

/** Waits for `handle`'s document ("Good night." sent to German) and checks it comes back as ours. */
async function expectGoodNightInGerman(client: deepl.Translator, handle: deepl.DocumentHandle, name: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-deepl-'));
  try {
    await client.isDocumentTranslationComplete(handle);
    const out = path.join(folder, name);
    await client.downloadDocument(handle, out);
    expect(fs.readFileSync(out, 'utf8')).toBe(await ours('Good night.', 'eng_Latn', 'deu_Latn'));
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('the DeepL API under /v2, through deepl-node', () => {
  it('translates one text, and several with the source detected', async () => {
    const one = await translator.translateText('Good morning, my friend.', 'en', 'fr');
    expect(one.text).toBe(await ours('Good morning, my friend.', 'eng_Latn', 'fra_Latn'));
    expect(one.detectedSourceLang).toBe('en');

    const many = await translator.translateText(
      ['Thank you very much for your help today.', 'Where is the railway station, please?'],
      null,
      'en-GB',
    );
    expect(many).toHaveLength(2);
    expect(many.map((result) => result.detectedSourceLang)).toEqual(['en', 'en']);
    expect(many[0]!.billedCharacters).toBe('Thank you very much for your help today.'.length);
  });

  it('reaches languages DeepL lacks: Swahili, Yoruba, Hausa, Amharic', async () => {
    for (const [code, nllb] of [
      ['sw', 'swh_Latn'],
      ['yo', 'yor_Latn'],
      ['ha', 'hau_Latn'],
      ['am', 'amh_Ethi'],
    ] as const) {
      const result = await translator.translateText(
        'The children are going to school.',
        'en',
        code as deepl.TargetLanguageCode,
      );
      expect(result.text).toBe(await ours('The children are going to school.', 'eng_Latn', nllb));
    }
  });

  it('lists source and target languages, and usage', async () => {
    const sources = await translator.getSourceLanguages();
    expect(sources).toHaveLength(202);
    expect(sources).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'sw', name: 'Swahili' })]),
    );
    const targets = await translator.getTargetLanguages();
    expect(targets.find((language) => language.code === 'zh-HANT')?.supportsFormality).toBe(false);
    const usage = await translator.getUsage();
    expect(usage.character?.count).toBeGreaterThan(0);
    expect(usage.anyLimitReached()).toBe(false);
  });

  it('answers errors as DeepL does, which the client turns into its own errors', async () => {
    await expect(translator.translateText('Hello', 'en', 'xx' as deepl.TargetLanguageCode)).rejects.toThrow(
      /Value for 'target_lang' not supported/,
    );
    await expect(translator.getGlossary('00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      deepl.GlossaryNotFoundError,
    );
  });

  it('makes, lists, reads, uses and deletes a glossary', async () => {
    const sw = 'sw' as deepl.TargetLanguageCode;
    const entries = new deepl.GlossaryEntries({ entries: { clinic: 'zahanati', Sema: 'Sema' } });
    const made = await translator.createGlossary('Clinic', 'en', sw, entries);
    expect(made).toMatchObject({
      name: 'Clinic',
      ready: true,
      sourceLang: 'en',
      targetLang: 'sw',
      entryCount: 2,
    });

    expect((await translator.listGlossaries()).map((glossary) => glossary.glossaryId)).toContain(
      made.glossaryId,
    );
    expect((await translator.getGlossary(made.glossaryId)).name).toBe('Clinic');
    expect((await translator.getGlossaryEntries(made)).entries()).toEqual({
      clinic: 'zahanati',
      Sema: 'Sema',
    });

    const result = await translator.translateText('Sema opened a clinic.', 'en', sw, { glossary: made });
    expect(result.text).toContain('zahanati');
    expect(result.text).toContain('Sema');
    // The same glossary is Sema's own: /api/v1/glossaries shows it.
    const ours = await served.app.inject({ method: 'GET', url: `/api/v1/glossaries/${made.glossaryId}` });
    expect(ours.json()).toMatchObject({ source_language: 'eng_Latn', target_language: 'swh_Latn' });

    await expect(translator.translateText('The clinic.', 'en', 'fr', { glossary: made })).rejects.toThrow(
      /not the requested language pair/,
    );
    const fromCsv = await translator.createGlossaryWithCsv(
      'Csv',
      'en',
      'fr',
      Buffer.from('"health, care",santé\n'),
    );
    expect(fromCsv.entryCount).toBe(1);

    await translator.deleteGlossary(made);
    await translator.deleteGlossary(fromCsv);
    await expect(translator.getGlossary(made.glossaryId)).rejects.toThrow(deepl.GlossaryNotFoundError);

    const pairs = await translator.getGlossaryLanguagePairs();
    expect(pairs).toHaveLength(202 * 201);
    expect(pairs).toContainEqual({ sourceLang: 'en', targetLang: 'sw' });
  });
});

describe('DeepL targets and options as DeepL has them, through deepl-node', () => {
  it('lists English and Portuguese targets by variant, as DeepL does, and every listed target is usable', async () => {
    const targets = await translator.getTargetLanguages();
    const codes = targets.map((language) => language.code);
    expect(codes).toEqual(
      expect.arrayContaining(['en-GB', 'en-US', 'pt-BR', 'pt-PT', 'es-419', 'zh', 'zh-HANS']),
    );
    // deepl-node refuses these two as targets: a picker filled from this list must not offer them.
    expect(codes).not.toContain('en');
    expect(codes).not.toContain('pt');
    expect(new Set(codes).size).toBe(codes.length);
    expect(targets.find((language) => language.code === 'en-GB')?.name).toBe('English (British)');
    // The sources stay as DeepL lists them: EN and PT without a variant.
    const sources = (await translator.getSourceLanguages()).map((language) => language.code);
    expect(sources).toContain('en');
    expect(sources).toContain('pt');

    for (const { code } of targets) {
      const result = await translator.translateText('Thank you.', 'fr', code as deepl.TargetLanguageCode);
      expect(typeof result.text, code).toBe('string');
    }
    expect((await translator.translateText('Thank you.', 'fr', 'pt-BR')).text).toBe(
      await ours('Thank you.', 'fra_Latn', 'por_Latn'),
    );
    expect((await translator.translateText('Merci.', 'fr', 'en-US')).text).toBe(
      await ours('Merci.', 'fra_Latn', 'eng_Latn'),
    );
  }, 60_000);

  it("refuses formality it does not do, in DeepL's words, and takes the prefer_ fallbacks", async () => {
    await expect(
      translator.translateText('Good morning.', 'en', 'de', { formality: 'more' }),
    ).rejects.toThrow("Bad request, message: 'formality' is not supported for given 'target_lang'.");
    await expect(
      translator.translateText('Good morning.', 'en', 'pt-BR', { formality: 'less' }),
    ).rejects.toThrow(/'formality' is not supported for given 'target_lang'/);
    const preferred = await translator.translateText('Good morning.', 'en', 'de', {
      formality: 'prefer_more',
    });
    expect(preferred.text).toBe(await ours('Good morning.', 'eng_Latn', 'deu_Latn'));
    expect((await translator.translateText('Good morning.', 'en', 'de', { formality: 'default' })).text).toBe(
      preferred.text,
    );
    await expect(
      translator.uploadDocument(Buffer.from('Good night.'), 'en', 'de', {
        filename: 'a.txt',
        formality: 'less',
      }),
    ).rejects.toThrow(/'formality' is not supported for given 'target_lang'/);
  });

  it('refuses an output_format it would not deliver, and takes the one it does', async () => {
    // The first document of a fresh server starts the document worker, which can take longer than
    // the client's default 5 s on a loaded machine.
    const patient = new deepl.Translator('any-key:fx', {
      serverUrl: served.base,
      maxRetries: 0,
      minTimeout: 30_000,
    });
    const upload = (filename: string, outputFormat: string) =>
      patient.uploadDocument(Buffer.from('Good night.'), 'en', 'de', {
        filename,
        extraRequestParameters: { output_format: outputFormat },
      });
    await expect(upload('notes.txt', 'docx')).rejects.toThrow(
      /Bad request, message: output_format not supported\. This server returns this file as \.txt/,
    );
    await expect(upload('report.pdf', 'docx')).rejects.toThrow(/returns this file as \.md/);
    await expectGoodNightInGerman(patient, await upload('notes.txt', 'txt'), 'notes.de.txt');
  }, 60_000);
});

describe('documents through deepl-node', () => {
  it('translates an HTML file: upload, status, result, with a glossary', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-deepl-'));
    const input = path.join(folder, 'page.html');
    fs.writeFileSync(input, '<h1>Welcome to the clinic</h1><p>Open <b>every</b> day.</p>');
    const glossary = await translator.createGlossary(
      'Doc',
      'en',
      'fr',
      new deepl.GlossaryEntries({ entries: { clinic: 'dispensaire' } }),
    );
    const output = path.join(folder, 'page.fr.html');
    const status = await translator.translateDocument(input, output, 'en', 'fr', { glossary });
    expect(status.done()).toBe(true);
    const translated = fs.readFileSync(output, 'utf8');
    expect(translated.match(/<[^>]+>/g)).toEqual(['<h1>', '</h1>', '<p>', '<b>', '</b>', '</p>']);
    expect(translated).toContain('dispensaire');
    expect(translated).not.toContain('Welcome');

    // The handle's key is needed for every later call.
    const handle = await translator.uploadDocument(Buffer.from('Good night.'), null, 'de', {
      filename: 'a.txt',
    });
    const stranger = { documentId: handle.documentId, documentKey: 'not-the-key' };
    await expect(translator.getDocumentStatus(stranger)).rejects.toThrow(/Document not found/);
    await expectGoodNightInGerman(translator, handle, 'a.de.txt');
    fs.rmSync(folder, { recursive: true, force: true });
  }, 30_000);

  it('counts the characters of a document in /v2/usage once it is translated (a multipart upload)', async () => {
    const usage = async () =>
      ((await (await fetch(`${served.base}/v2/usage`)).json()) as { character_count: number })
        .character_count;
    const before = await usage();
    const text = 'The library opens at nine.\nThe children read there after school.\n';
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), 'notes.txt');
    form.append('source_lang', 'EN');
    form.append('target_lang', 'FR');
    const billed = (await translateDeepLDocument(served.base, form)).billed_characters!;
    expect(billed).toBe(text.replace(/\n/g, '').length);
    expect(await usage()).toBe(before + billed);
  }, 30_000);

  it('refuses a document without a file, or of a format Sema does not read', async () => {
    const form = new FormData();
    form.append('target_lang', 'DE');
    const none = await fetch(`${served.base}/v2/document`, { method: 'POST', body: form });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ message: "Parameter 'file' not specified." });
    form.append('file', new Blob(['\x00\x01binary']), 'image.png');
    const png = await fetch(`${served.base}/v2/document`, { method: 'POST', body: form });
    expect(png.status).toBe(400);
    expect(((await png.json()) as { message: string }).message).toMatch(/png/i);
  });
});

describe('the DeepL API with form posts', () => {
  it('takes text repeated and DeepL upper-case codes, with the key in the header', async () => {
    const response = await fetch(`${served.base}/v2/translate`, {
      method: 'POST',
      headers: {
        Authorization: 'DeepL-Auth-Key whatever',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams([
        ['text', 'Hello.'],
        ['text', '42'],
        ['target_lang', 'PT-BR'],
        ['source_lang', 'EN'],
        ['formality', 'prefer_less'],
        ['preserve_formatting', '1'],
      ]),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      translations: { detected_source_language: string; text: string }[];
    };
    expect(body.translations).toHaveLength(2);
    expect(body.translations[0]!.detected_source_language).toBe('EN');
    expect(body.translations[1]!.text).toBe(await ours('42', 'eng_Latn', 'por_Latn'));
  });

  it.each([
    [{ target_lang: 'DE' }, 400, "Parameter 'text' not specified."],
    [{ text: 'Hi' }, 400, "Parameter 'target_lang' not specified."],
    [
      { text: 'Hi', target_lang: 'DE', tag_handling: 'html5' },
      400,
      "Value for 'tag_handling' not supported.",
    ],
    [{ text: 'Hi', target_lang: 'DE', glossary_id: 'abc' }, 400, /requires the 'source_lang'/],
    [{ text: 'Hi', source_lang: 'EN', target_lang: 'DE', glossary_id: 'abc' }, 404, 'Glossary not found.'],
    [{ text: 'a'.repeat(5001), target_lang: 'DE' }, 413, /Request too large/],
    [{ text: 'Hi', target_lang: 'DE', formality: 'formal' }, 400, "Value for 'formality' not supported."],
    // Fields of the wrong type, refused by the route's schema in DeepL's words.
    [{ text: 'Hi', target_lang: 5 }, 400, "Value for 'target_lang' not supported."],
    [{ text: ['Hi', 7], target_lang: 'DE' }, 400, "Value for 'text' not supported."],
    [{ text: [], target_lang: 'DE' }, 400, "Parameter 'text' not specified."],
  ])('answers case %# with its status and {message}', async (body, status, message) => {
    const response = await fetch(`${served.base}/v2/translate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { message: string };
    expect(Object.keys(answer)).toEqual(['message']);
    if (typeof message === 'string') expect(answer.message).toBe(message);
    else expect(answer.message).toMatch(message);
  });
});
