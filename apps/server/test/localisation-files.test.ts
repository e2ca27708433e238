/**
 * Translators' and localisation files (XLIFF, PO, ARB) through every surface that takes documents,
 * over real HTTP: Sema's /api/v1/translate/document, LibreTranslate's /translate_file, and DeepL's
 * /v2/document driven by the real `deepl-node` client.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as deepl from 'deepl-node';
import { po } from 'gettext-parser';
import { describe, expect, it } from 'vitest';
import type { TranslateDocumentResponse } from '@sema/shared/api/documents';
import { makeStringsdict } from '../src/documents/testing/index.ts';
import { listenDuringTests, uploadForm as upload } from './build-test-app.ts';

const served = listenDuringTests({ SEMA_RATE_LIMIT: '1000/minute' });

const XLIFF = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="app.properties">
    <body>
      <trans-unit id="save"><source>Save the <g id="1">document</g> now</source><note>Toolbar</note></trans-unit>
      <trans-unit id="brand" translate="no"><source>Sema</source></trans-unit>
    </body>
  </file>
</xliff>
`;

const POT = `msgid ""
msgstr ""
"Language: \\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"

#: src/main.c:4
#, c-format
msgid "%d photo"
msgid_plural "%d photos"
msgstr[0] ""
msgstr[1] ""

msgctxt "menu"
msgid "Good morning"
msgstr ""
`;

const ours = (text: string, target: string) =>
  served.app.translation.translate({ text, source: 'eng_Latn', target });

const post = (route: string, body: FormData, headers: Record<string, string> = {}) =>
  fetch(`${served.base}${route}`, { method: 'POST', body, headers });

/** A file translated from English through /api/v1/translate/document (the file answer by default). */
async function translatedFile(
  fileName: string,
  content: string,
  target: string,
  headers: Record<string, string> = {},
) {
  const response = await post(
    '/api/v1/translate/document',
    upload(fileName, content, { source_language: 'eng_Latn', target_language: target }),
    headers,
  );
  expect(response.status).toBe(200);
  return response;
}

/** The same, answered as JSON. */
async function translatedJson(fileName: string, content: string, target: string) {
  const response = await translatedFile(fileName, content, target, { Accept: 'application/json' });
  return (await response.json()) as TranslateDocumentResponse;
}

/** A file translated from English through LibreTranslate's /translate_file: the link to the result. */
async function libreTranslatedUrl(fileName: string, content: string, target: string) {
  const response = await post('/translate_file', upload(fileName, content, { source: 'en', target }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { translatedFileUrl: string }).translatedFileUrl;
}

describe('localisation files through /api/v1/translate/document', () => {
  it('translates an XLIFF: targets with the inline codes, target-language, a note for the unit left alone', async () => {
    const body = await translatedJson('app.xlf', XLIFF, 'fra_Latn');
    expect(body).toMatchObject({
      format: 'xliff',
      file_name: 'app.fr.xlf',
      mime_type: 'application/xliff+xml',
    });
    expect(body.note).toBe('XLIFF units left as they were: 1 marked translate="no".');
    const save = await ours('Save the', 'fra_Latn');
    expect(body.text).toContain(`<target state="needs-review-translation">${save} <g id="1">`);
    expect(body.text).toContain('target-language="fr"');
    expect(body.text).toContain('<trans-unit id="brand" translate="no"><source>Sema</source></trans-unit>');
  });

  it('takes needs_review=false (PO entries not fuzzy) and refuses another value', async () => {
    const response = await post(
      '/api/v1/translate/document',
      upload('messages.pot', POT, {
        source_language: 'eng_Latn',
        target_language: 'pol_Latn',
        needs_review: 'false',
      }),
    );
    expect(response.status).toBe(200);
    // A template translated is a language's catalogue: msginit names it pl.po.
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=pl.po');
    const table = po.parse(Buffer.from(await response.arrayBuffer()));
    expect(table.headers.Language).toBe('pl');
    expect(table.headers['Plural-Forms']).toMatch(/^nplurals=3; /);
    const photo = table.translations['']!['%d photo']!;
    expect(photo.msgstr).toHaveLength(3);
    expect(photo.comments?.flag).toBe('c-format');
    expect(table.translations.menu!['Good morning']!.msgstr).toEqual([
      await ours('Good morning', 'pol_Latn'),
    ]);

    const bad = await post(
      '/api/v1/translate/document',
      upload('messages.pot', POT, { target_language: 'pol_Latn', needs_review: 'maybe' }),
    );
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { detail: string }).detail).toBe(
      "needs_review must be true or false (got 'maybe')",
    );
  });

  it('translates a Flutter ARB and sets @@locale', async () => {
    const arb = JSON.stringify({
      '@@locale': 'en',
      hello: 'Good morning',
      '@hello': { description: 'A greeting' },
    });
    const body = await translatedJson('app_en.arb', arb, 'arb_Arab');
    expect(body.format).toBe('arb');
    // Flutter's gen-l10n finds a language's file by its name.
    expect(body.file_name).toBe('app_ar.arb');
    expect(JSON.parse(body.text!)).toEqual({
      '@@locale': 'ar',
      hello: await ours('Good morning', 'arb_Arab'),
      '@hello': { description: 'A greeting' },
    });
  });
});

describe('app string files through /api/v1/translate/document', () => {
  it('translates an Android strings.xml and an Apple .strings file', async () => {
    const android =
      '<resources>\n  <string name="hi">Good morning</string>\n  <string name="id" translatable="false">Sema</string>\n</resources>\n';
    const apple = '/* Greeting */\n"hi" = "Good morning";\n';
    const morning = await ours('Good morning', 'deu_Latn');
    for (const [name, content, expected, folder] of [
      ['strings.xml', android, `<string name="hi">${morning.replace(/'/g, "\\'")}</string>`, 'values-de/'],
      ['Localizable.strings', apple, `"hi" = "${morning}";`, 'de.lproj/'],
    ] as const) {
      const response = await translatedFile(name, content, 'deu_Latn');
      // The language is the folder's (values-de/strings.xml, de.lproj/Localizable.strings): the name stays.
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename=${name}`);
      expect(response.headers.get('x-document-note')).toContain(folder);
      const text = await response.text();
      expect(text).toContain(expected);
      expect(text.replace(expected, '')).toBe(
        content.replace(/<string name="hi">.*<\/string>|"hi" = ".*";/, ''),
      );
    }
  });
});

describe('Xcode String Catalogs through the document surfaces', () => {
  const CATALOG = `{
  "sourceLanguage" : "en",
  "strings" : {
    "Good morning" : {

    },
    "Hello, %@!" : {
      "localizations" : {
        "en" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Hello, %@!"
          }
        }
      }
    }
  },
  "version" : "1.0"
}
`;
  const localizations = async (response: Response, tag: string) => {
    const catalog = JSON.parse(await response.text()) as {
      strings: Record<
        string,
        { localizations: Record<string, { stringUnit: { state: string; value: string } }> }
      >;
    };
    return Object.values(catalog.strings).map((entry) => entry.localizations[tag]!.stringUnit);
  };

  it('/api/v1/translate/document adds the target localization, marked needs_review', async () => {
    const response = await translatedFile('Localizable.xcstrings', CATALOG, 'deu_Latn');
    // A String Catalog holds every language: it keeps its name.
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=Localizable.xcstrings');
    const [morning, hello] = await localizations(response, 'de');
    expect(morning).toEqual({ state: 'needs_review', value: await ours('Good morning', 'deu_Latn') });
    expect(hello!.value).toMatch(/%@!$/);
  });

  it("LibreTranslate's /translate_file translates one", async () => {
    const translatedFileUrl = await libreTranslatedUrl('Localizable.xcstrings', CATALOG, 'fr');
    const [morning] = await localizations(await fetch(translatedFileUrl), 'fr');
    expect(morning!.value).toBe(await ours('Good morning', 'fra_Latn'));
  });
});

describe('Apple .stringsdict through the document surfaces', () => {
  const DICT = makeStringsdict([
    {
      key: 'photos',
      format: '%#@count@',
      variable: 'count',
      valueType: 'd',
      categories: { other: 'Good morning' },
    },
  ]);

  it('/api/v1/translate/document translates the plural strings and adds the categories the target needs', async () => {
    const response = await translatedFile('Localizable.stringsdict', DICT, 'deu_Latn');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=Localizable.stringsdict');
    const morning = await ours('Good morning', 'deu_Latn');
    expect(await response.text()).toBe(
      DICT.replace(
        '<key>other</key>\n\t\t\t<string>Good morning</string>',
        `<key>one</key>\n\t\t\t<string>${morning}</string>\n\t\t\t<key>other</key>\n\t\t\t<string>${morning}</string>`,
      ),
    );
  });

  it("LibreTranslate's /translate_file translates one", async () => {
    const translatedFileUrl = await libreTranslatedUrl('Localizable.stringsdict', DICT, 'fr');
    expect(await (await fetch(translatedFileUrl)).text()).toContain(
      `<key>other</key>\n\t\t\t<string>${await ours('Good morning', 'fra_Latn')}</string>`,
    );
  });
});

describe('Rails YAML through /api/v1/translate/document', () => {
  it('renames the locale key and translates the values, keeping comments and %{count}', async () => {
    const rails = '# Shop\nen:\n  greeting: Good morning\n  count: "%{count} orders"\n';
    const response = await translatedFile('en.yml', rails, 'deu_Latn');
    expect(response.headers.get('content-type')).toMatch(/^application\/yaml/);
    const text = await response.text();
    expect(text).toBe(
      `# Shop\nde:\n  greeting: ${await ours('Good morning', 'deu_Latn')}\n  count: "%{count} ${await ours('orders', 'deu_Latn')}"\n`,
    );
  });
});

describe('localisation files through the compatible APIs', () => {
  it("LibreTranslate's /translate_file translates a PO catalogue", async () => {
    const translatedFileUrl = await libreTranslatedUrl('messages.po', POT, 'fr');
    expect(translatedFileUrl).toMatch(/\/messages\.fr\.po$/);
    const table = po.parse(Buffer.from(await (await fetch(translatedFileUrl)).arrayBuffer()));
    expect(table.headers['Plural-Forms']).toBe('nplurals=2; plural=(n > 1);');
    expect(table.translations['']!['%d photo']!.comments?.flag).toBe('fuzzy, c-format');
  });

  it("deepl-node's translateDocument translates an XLIFF through /v2/document", async () => {
    const translator = new deepl.Translator('any-key:fx', { serverUrl: served.base, maxRetries: 0 });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-xliff-'));
    const input = path.join(folder, 'app.xlf');
    const output = path.join(folder, 'app.de.xlf');
    fs.writeFileSync(input, XLIFF);
    const status = await translator.translateDocument(input, output, 'en', 'de');
    expect(status.done()).toBe(true);
    const translated = fs.readFileSync(output, 'utf8');
    expect(translated).toContain('target-language="de"');
    expect(translated).toContain(
      `${await ours('Save the', 'deu_Latn')} <g id="1">${await ours('document', 'deu_Latn')}</g>`,
    );
    // Everything but the new target and the language is the upload's.
    expect(translated.replace(/<target [^\n]*<\/target>/, '').replace(' target-language="de"', '')).toBe(
      XLIFF,
    );
    fs.rmSync(folder, { recursive: true, force: true });
  }, 30_000);
});

describe('XLIFF <seg-source> units (Trados, Okapi)', () => {
  const SEGMENTED = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="app">
    <body>
      <trans-unit id="intro">
        <source>Open the file. Save it.</source>
        <seg-source><mrk mtype="seg" mid="1">Open the file.</mrk> <mrk mtype="seg" mid="2">Save it.</mrk></seg-source>
      </trans-unit>
      <trans-unit id="plain"><source>Cancel</source></trans-unit>
    </body>
  </file>
</xliff>
`;

  it("translates a segmented unit segment by segment, and takes Trados' .sdlxliff", async () => {
    const body = await translatedJson('seg.sdlxliff', SEGMENTED, 'fra_Latn');
    expect(body.note).toBeUndefined();
    const [open, save, cancel] = await Promise.all(
      ['Open the file.', 'Save it.', 'Cancel'].map((text) => ours(text, 'fra_Latn')),
    );
    expect(body.text).toContain(
      `<target state="needs-review-translation"><mrk mtype="seg" mid="1">${open}</mrk> <mrk mtype="seg" mid="2">${save}</mrk></target>`,
    );
    expect(body.text).toContain(`<target state="needs-review-translation">${cancel}</target>`);
    const file = await translatedFile('seg.sdlxliff', SEGMENTED, 'fra_Latn');
    expect(file.headers.get('content-disposition')).toMatch(/seg\.fr\.sdlxliff/);
  });
});

describe('nothing silently dropped: plural quantities the target needs', () => {
  it('adds Russian few/many to an Android <plurals> from the translation of "other" and reports them', async () => {
    const strings = `<resources>
    <plurals name="files">
        <item quantity="one">%d file</item>
        <item quantity="other">%d files</item>
    </plurals>
</resources>
`;
    const body = await translatedJson('strings.xml', strings, 'rus_Cyrl');
    expect(body.note).toBe(
      '2 plural forms that Russian (ru) needs and the source lacks were added to 1 <plurals>, copied from the translation of "other": check their grammar. strings.xml keeps its name: Android reads it from the values-ru/ folder.',
    );
    const other = /<item quantity="other">(.*?)<\/item>/.exec(body.text ?? '')?.[1];
    expect(other).toBeTruthy();
    expect(body.text).toContain(`<item quantity="few">${other}</item>`);
    expect(body.text).toContain(`<item quantity="many">${other}</item>`);
  });
});

describe('every localisation format through every document surface', () => {
  /** Each format with a file whose one sentence is "Good morning", and what its translation looks like there. */
  const FILES: ReadonlyArray<{ name: string; content: string; holds: (morning: string) => string }> = [
    { name: 'app.xlf', content: XLIFF, holds: () => '<g id="1">' },
    { name: 'messages.po', content: POT, holds: (morning) => `msgstr "${morning}"` },
    {
      name: 'app_en.arb',
      content: '{\n  "@@locale": "en",\n  "hi": "Good morning",\n  "@hi": {"description": "Greeting"}\n}\n',
      holds: (morning) => `"hi": "${morning}"`,
    },
    {
      name: 'en.json',
      content:
        '{\n  "hi": "Good morning",\n  "n_one": "{{count}} item",\n  "n_other": "{{count}} items"\n}\n',
      holds: (morning) => `"hi": "${morning}"`,
    },
    {
      name: 'strings.xml',
      content: '<resources>\n  <string name="hi">Good morning</string>\n</resources>\n',
      holds: (morning) => `<string name="hi">${morning.replace(/'/g, "\\'")}</string>`,
    },
    {
      name: 'Localizable.strings',
      content: '"hi" = "Good morning";\n',
      holds: (morning) => `"hi" = "${morning}";`,
    },
    {
      name: 'Localizable.stringsdict',
      content: makeStringsdict([
        { key: 'hi', format: '%#@n@', variable: 'n', valueType: 'd', categories: { other: 'Good morning' } },
      ]),
      holds: (morning) => `<string>${morning}</string>`,
    },
    {
      name: 'Localizable.xcstrings',
      content:
        '{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "Good morning" : {\n\n    }\n  },\n  "version" : "1.0"\n}\n',
      holds: (morning) => `"value" : "${morning}"`,
    },
    { name: 'en.yml', content: 'en:\n  hi: Good morning\n', holds: (morning) => `hi: ${morning}` },
  ];

  it.each(FILES)(
    '$name: /api/v1, LibreTranslate and deepl-node give the same file',
    async ({ name, content, holds }) => {
      const morning = await ours('Good morning', 'deu_Latn');
      const direct = await (await translatedFile(name, content, 'deu_Latn')).text();
      expect(direct).toContain(holds(morning));
      const libre = await (await fetch(await libreTranslatedUrl(name, content, 'de'))).text();
      expect(libre).toBe(direct);

      const translator = new deepl.Translator('any-key:fx', { serverUrl: served.base, maxRetries: 0 });
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-l10n-'));
      try {
        const input = path.join(folder, name);
        const output = path.join(folder, `de-${name}`);
        fs.writeFileSync(input, content);
        expect((await translator.translateDocument(input, output, 'en', 'de')).done()).toBe(true);
        expect(fs.readFileSync(output, 'utf8')).toBe(direct);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
