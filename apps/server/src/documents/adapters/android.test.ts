import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';
import type { TranslateTexts } from '../translate-segments.ts';

const STRINGS = `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
    <!-- The app's name is a brand -->
    <string name="app_name" translatable="false">Sema</string>
    <string name="welcome">Welcome, <xliff:g id="user" example="Amira">%1$s</xliff:g>! Don\\'t miss the café.</string>
    <string name="two_lines">First line\\nSecond line</string>
    <string name="bold">Tap <b>Save</b> to keep it</string>
    <string name="alias">@string/welcome</string>
    <string name="raw"><![CDATA[<a href="x">Raw</a>]]></string>
    <string-array name="planets">
        <item>Mercury</item>
        <item>Venus &amp; Mars</item>
    </string-array>
    <string-array name="codes" translatable="false"><item>EN</item></string-array>
    <plurals name="songs">
        <item quantity="one">%d song found</item>
        <item quantity="other">%d songs found</item>
    </plurals>
</resources>
`;

/** A stand-in that answers with apostrophes and quotes, as French and an RTL language do. */
const withQuotes: TranslateTexts = async (texts) => texts.map((text) => `l'«${text.toUpperCase()}» "ok"`);

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

function elements(node: Node, names: readonly string[]): Node[] {
  const own = node.name && names.includes(node.name) ? [node] : [];
  return [...own, ...(node.children ?? []).flatMap((child) => elements(child, names))];
}

describe('android adapter', () => {
  it('translates strings, array items and plural items, keeping names, quantities and every other byte', async () => {
    // German needs no plural quantity the file lacks (French adds "many": see below).
    const { text } = await translateFile('strings.xml', STRINGS, { target: 'deu_Latn' });
    const shape = (xml: string) =>
      elements(parseDocument(xml, { xmlMode: true }) as unknown as Node, [
        'string',
        'string-array',
        'plurals',
        'item',
      ]).map((node) => `${node.name} ${JSON.stringify(node.attribs)}`);
    expect(shape(text)).toEqual(shape(STRINGS));
    expect(text).toContain(
      '<string name="welcome">WELCOME, <xliff:g id="user" example="Amira">%1$s</xliff:g>! DON\\\'T MISS THE CAFÉ.</string>',
    );
    expect(text).toContain('<string name="two_lines">FIRST LINE\\nSECOND LINE</string>');
    expect(text).toContain('<string name="bold">TAP <b>SAVE</b> TO KEEP IT</string>');
    expect(text).toContain('<item>VENUS &amp; MARS</item>');
    expect(text).toContain('<item quantity="one">%d SONG FOUND</item>');
    for (const kept of [
      '<string name="app_name" translatable="false">Sema</string>',
      '<string name="alias">@string/welcome</string>',
      '<string name="raw"><![CDATA[<a href="x">Raw</a>]]></string>',
      '<string-array name="codes" translatable="false"><item>EN</item></string-array>',
      "<!-- The app's name is a brand -->",
    ])
      expect(text).toContain(kept);
  });

  it("escapes the translation's apostrophes and quotes as Android needs", async () => {
    const { text } = await translateFile(
      'strings.xml',
      '<resources><string name="a">Hello</string></resources>',
      {
        translate: withQuotes,
      },
    );
    expect(text).toBe('<resources><string name="a">l\\\'«HELLO» \\"ok\\"</string></resources>');
  });

  it('adds the plural quantities the target language needs, from the translation of "other", and reports them', async () => {
    const { text, prepared } = await translateFile('strings.xml', STRINGS, { target: 'rus_Cyrl' });
    expect(prepared.note).toBe(
      '2 plural forms that Russian (ru) needs and the source lacks were added to 1 <plurals>, copied from the translation of "other": check their grammar.',
    );
    const other = /<item quantity="other">(.*?)<\/item>/.exec(text)?.[1];
    expect(other).toBeTruthy();
    expect(text).toContain(
      `<item quantity="other">${other}</item>\n        <item quantity="few">${other}</item>\n        <item quantity="many">${other}</item>\n    </plurals>`,
    );
    expect(
      (await translateFile('strings.xml', STRINGS, { target: 'deu_Latn' })).prepared.note,
    ).toBeUndefined();
  });

  it('refuses other XML and DTDs', async () => {
    await expect(
      translateFile('layout.xml', '<LinearLayout><TextView/></LinearLayout>'),
    ).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
      detail: 'Only Android string resources are read as .xml: the root element must be <resources>.',
    });
    await expect(
      translateFile(
        'strings.xml',
        '<!DOCTYPE r [<!ENTITY a "x">]><resources><string name="a">&a;</string></resources>',
      ),
    ).rejects.toMatchObject({ code: 'INVALID_DOCUMENT', detail: expect.stringContaining('declares a DTD') });
  });
});
