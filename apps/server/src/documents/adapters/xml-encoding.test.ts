import { strToU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { hasTool, xmllintCheck } from '../testing/format-tools.ts';
import {
  makeDocx,
  makeEpub,
  makeOdt,
  makePptx,
  makeStringsdict,
  makeXlsx,
  zipFixture,
} from '../testing/index.ts';
import { translateFile } from '../testing/translate-file.ts';
import type { TranslateTexts } from '../translate-segments.ts';

/** What a translation may hold that an encoding or an escape can break. */
const marked = (text: string) => `l'« ${text} » "é" & <b> #1: fin`;
const marks: TranslateTexts = async (texts) => texts.map(marked);

/**
 * Text in windows-1252, the bytes a legacy tool writes: characters outside it become character
 * references, as such tools write them.
 */
function windows1252(text: string): Uint8Array {
  const table: Record<string, number> = {
    '€': 0x80,
    '’': 0x92,
    '“': 0x93,
    '”': 0x94,
    '–': 0x96,
    '—': 0x97,
  };
  return Uint8Array.from(
    [...text].flatMap((char) => {
      const code = table[char] ?? char.codePointAt(0)!;
      return code > 0xff ? [...`&#${code};`].map((c) => c.charCodeAt(0)) : [code];
    }),
  );
}

const declared = (xml: string) =>
  xml.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="windows-1252"?>');

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The output decodes as UTF-8 and says so; it reads back with the accented words intact. */
function expectUtf8(xml: string, word: string) {
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  expect(xml).toContain(word);
  expect(xml).toContain('« ');
  if (hasTool('xmllint')) expect(xmllintCheck(xml)).toBe('');
}

const SINGLE_FILES: Array<[string, string, string]> = [
  [
    'messages.xlf',
    `<?xml version="1.0" encoding="windows-1252"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="fr" datatype="plaintext" original="messages">
    <body>
      <trans-unit id="1"><source>Welcome to the café</source></trans-unit>
    </body>
  </file>
</xliff>
`,
    'CAFÉ',
  ],
  [
    'strings.xml',
    `<?xml version="1.0" encoding="windows-1252"?>
<resources>
    <string name="welcome">Welcome to the café</string>
</resources>
`,
    'CAFÉ',
  ],
  [
    'Localizable.stringsdict',
    declared(
      makeStringsdict([
        {
          key: 'files',
          format: '%#@n@ in the café',
          variable: 'n',
          valueType: 'd',
          categories: { one: '%d file', other: '%d files' },
        },
      ]),
    ),
    'CAFÉ',
  ],
];

describe('XML declared in a legacy encoding (windows-1252)', () => {
  for (const [name, source, word] of SINGLE_FILES) {
    it(`reads ${name} in its declared encoding and writes UTF-8 with the declaration changed, saying so`, async () => {
      const { text, prepared } = await translateFile(name, windows1252(source), {
        translate: async (texts) => texts.map((text) => marked(text).toUpperCase()),
      });
      expect(prepared.note).toContain('declared encoding="windows-1252"; it comes back in UTF-8');
      expectUtf8(text, word);
    });
  }

  const packages: Array<[string, () => Promise<Uint8Array> | Uint8Array, string]> = [
    ['report.docx', makeDocx, 'word/document.xml'],
    ['budget.xlsx', makeXlsx, 'xl/sharedStrings.xml'],
    ['deck.pptx', makePptx, 'ppt/slides/slide1.xml'],
    ['letter.odt', makeOdt, 'content.xml'],
    ['book.epub', makeEpub, 'OEBPS/chapter1.xhtml'],
  ];
  for (const [name, make, part] of packages) {
    it(`reads ${name}'s ${part} in its declared encoding and writes it back in UTF-8 with the declaration changed`, async () => {
      const entries = unzipSync(await make());
      const xml = utf8.decode(entries[part]);
      // The part gains an accented word the legacy encoding holds in one byte.
      const withAccent = declared(xml).replace(/>([A-Z][a-z]+)([^<]*)</, '>$1 café$2<');
      expect(withAccent).toContain(' café');
      const stored = name.endsWith('.odt') || name.endsWith('.epub') ? ['mimetype'] : [];
      const file = zipFixture({ ...entries, [part]: windows1252(withAccent) }, stored);
      const { output, prepared } = await translateFile(name, file, { translate: marks });
      expect(prepared.note).toContain(`The part ${part} declared encoding="windows-1252"`);
      const out = utf8.decode(unzipSync(output as Uint8Array)[part]);
      expectUtf8(out, 'café');
    });
  }

  it('refuses a declared encoding the server cannot read, naming it', async () => {
    const xml = SINGLE_FILES[0]![1].replace('windows-1252', 'x-made-up');
    await expect(translateFile('messages.xlf', strToU8(xml))).rejects.toMatchObject({
      detail: expect.stringContaining('declares encoding="x-made-up"'),
    });
  });
});
