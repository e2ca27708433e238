import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { testLimits, translateFile } from '../testing/translate-file.ts';
import type { TranslateTexts } from '../translate-segments.ts';

const XLIFF_12 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <!-- exported by a CAT tool -->
  <file source-language="en-US" datatype="plaintext" original="app.properties">
    <header><skl><external-file href="app.skl"/></skl></header>
    <body>
      <trans-unit id="greeting" resname="home.greeting">
        <source>Hello <g id="1">dear</g> user,<x id="2"/> welcome to the café &amp; shop</source>
        <note from="developer">Shown on the start page</note>
      </trans-unit>
      <trans-unit id="bold">
        <source>Press <ph id="1">&lt;b&gt;</ph>Save<ph id="2">&lt;/b&gt;</ph> now</source>
        <alt-trans><source>Press Save</source><target>Appuyez</target></alt-trans>
      </trans-unit>
      <group id="brand" translate="no">
        <trans-unit id="name"><source>Sema Translate</source></trans-unit>
      </group>
      <trans-unit id="approved" approved="yes"><source>Cancel</source><target>Annuler</target></trans-unit>
      <trans-unit id="done"><source>Done</source><target state="final">Terminé</target></trans-unit>
      <trans-unit id="empty"><source>Save as</source><target state="new"/></trans-unit>
      <trans-unit id="number"><source>42</source></trans-unit>
    </body>
  </file>
</xliff>
`;

const XLIFF_2 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">
 <file id="f1">
  <unit id="u1">
   <notes><note category="context">Button on the toolbar</note></notes>
   <originalData><data id="d1">&lt;a href="/start"&gt;</data></originalData>
   <segment id="s1">
    <source>Click <pc id="1" dataRefStart="d1">here</pc> to start<ph id="2"/></source>
   </segment>
   <ignorable><source> </source></ignorable>
   <segment id="s2" state="initial"><source>Welcome back</source><target></target></segment>
  </unit>
  <unit id="u2" translate="no"><segment><source>Sema</source></segment></unit>
  <unit id="u3"><segment state="reviewed"><source>Exit</source><target>Quitter</target></segment></unit>
  <unit id="u4"><segment><source>Do not touch <mrk id="m1" translate="no">this part</mrk> here</source></segment></unit>
 </file>
</xliff>
`;

/** An RTL stand-in for the model: Arabic words around the text, so the direction and escaping show. */
const toArabic: TranslateTexts = async (texts) => texts.map((text) => `نص ${text.toUpperCase()}`);

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
  data?: string;
}

function elements(node: Node, name: string): Node[] {
  const own = node.name === name ? [node] : [];
  return [...own, ...(node.children ?? []).flatMap((child) => elements(child, name))];
}

function child(node: Node, name: string): Node | undefined {
  return node.children?.find((item) => item.name === name);
}

/** The inline structure of an element: its tags with their ids, text replaced by `#`. */
function inlineShape(node: Node | undefined): string {
  return (node?.children ?? [])
    .map((item) =>
      item.type === 'text'
        ? '#'
        : `<${item.name} ${item.attribs?.id ?? ''}>${item.name === 'ph' ? '' : inlineShape(item)}</>`,
    )
    .join('');
}

function textOf(node: Node | undefined): string {
  return (node?.children ?? []).map((item) => (item.type === 'text' ? item.data : textOf(item))).join('');
}

const parse = (xml: string) => parseDocument(xml, { xmlMode: true }) as unknown as Node;

describe('xliff adapter, XLIFF 1.2', () => {
  it('writes each unit a target with the inline codes of its source, and keeps ids, notes and sources', async () => {
    const { text, prepared } = await translateFile('app.xlf', XLIFF_12, {
      translate: toArabic,
      target: 'arb_Arab',
    });
    const before = elements(parse(XLIFF_12), 'trans-unit');
    const after = elements(parse(text), 'trans-unit');
    expect(after.map((unit) => unit.attribs)).toEqual(before.map((unit) => unit.attribs));
    for (const [i, unit] of after.entries()) {
      expect(textOf(child(unit, 'source'))).toBe(textOf(child(before[i]!, 'source')));
      expect(textOf(child(unit, 'note'))).toBe(textOf(child(before[i]!, 'note')));
    }
    const target = (id: string) =>
      child(
        after.find((unit) => unit.attribs?.id === id)!,
        'target',
      );
    expect(textOf(target('greeting'))).toBe('نص HELLO نص DEAR نص USER, نص WELCOME TO THE CAFÉ & SHOP');
    expect(inlineShape(target('greeting'))).toBe(inlineShape(child(before[0]!, 'source')));
    expect(target('greeting')?.attribs).toEqual({ state: 'needs-review-translation' });
    // The native code inside <ph> is copied, never translated.
    expect(text).toContain('<target state="needs-review-translation">نص PRESS <ph id="1">&lt;b&gt;</ph>');
    expect(textOf(target('empty'))).toBe('نص SAVE AS');
    expect(textOf(target('number'))).toBe('42');
    expect(parse(text).children?.find((node) => node.name === 'xliff')).toBeDefined();
    expect(elements(parse(text), 'file')[0]?.attribs?.['target-language']).toBe('ar');
    expect(prepared.note).toBe(
      'XLIFF units left as they were: 1 marked translate="no", 2 already translated.',
    );
  });

  it('leaves units marked translate="no", approved or already translated, and <alt-trans>, as they were', async () => {
    const { text, prepared } = await translateFile('app.xlf', XLIFF_12);
    expect(prepared.segments).not.toContain('Sema Translate');
    expect(prepared.segments).not.toContain('Cancel');
    expect(prepared.segments).not.toContain('Done');
    expect(text).toContain('<trans-unit id="name"><source>Sema Translate</source></trans-unit>');
    expect(text).toContain('<target>Annuler</target>');
    expect(text).toContain('<target state="final">Terminé</target>');
    expect(text).toContain('<alt-trans><source>Press Save</source><target>Appuyez</target></alt-trans>');
  });

  it('changes nothing but the targets and the target language', async () => {
    const { text } = await translateFile('app.xlf', XLIFF_12);
    const withoutTargets = text
      .replace(/\n *<target state="needs-review-translation">.*<\/target>/g, '')
      .replace(' target-language="fr"', '')
      .replace('<target state="needs-review-translation">SAVE AS</target>', '<target state="new"/>')
      .replace('<target state="needs-review-translation">42</target>', '');
    expect(withoutTargets).toBe(XLIFF_12);
  });

  it('marks targets translated when the caller says no review is needed', async () => {
    const { text } = await translateFile('app.xlf', XLIFF_12, { needsReview: false });
    expect(text).toContain('<target state="translated">HELLO <g id="1">DEAR</g>');
    expect(text).not.toContain('needs-review-translation');
  });
});

it('translates a <seg-source> unit segment by segment, as Trados and Okapi write them', async () => {
  const segmented = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0">
  <file source-language="en-US" target-language="de-DE" datatype="x-sdlfilterframework2" original="a.docx">
    <body>
      <trans-unit id="t1">
        <source>Open the <g id="1">file</g>. Save it.</source>
        <seg-source><mrk mtype="seg" mid="1">Open the <g id="1">file</g>.</mrk> <mrk mtype="seg" mid="2">Save it.</mrk></seg-source>
        <target><mrk mtype="seg" mid="1"/> <mrk mtype="seg" mid="2"/></target>
        <sdl:seg-defs><sdl:seg id="1"/><sdl:seg id="2"/></sdl:seg-defs>
      </trans-unit>
      <trans-unit id="t2">
        <source>Close it.</source>
        <seg-source><mrk mtype="seg" mid="3">Close it.</mrk></seg-source>
      </trans-unit>
    </body>
  </file>
</xliff>
`;
  const { text, prepared } = await translateFile('a.docx.sdlxliff', segmented);
  expect(prepared.note).toBeUndefined();
  // Trados' empty segments are filled; each segment keeps its mid and its inline codes.
  expect(text).toContain(
    '<target state="needs-review-translation"><mrk mtype="seg" mid="1">OPEN THE <g id="1">FILE</g>.</mrk> <mrk mtype="seg" mid="2">SAVE IT.</mrk></target>',
  );
  // A unit with no target gets one after its <seg-source>, with the same segments.
  expect(text).toContain(
    '<seg-source><mrk mtype="seg" mid="3">Close it.</mrk></seg-source>\n        <target state="needs-review-translation"><mrk mtype="seg" mid="3">CLOSE IT.</mrk></target>',
  );
  expect(text).toContain('<sdl:seg-defs><sdl:seg id="1"/><sdl:seg id="2"/></sdl:seg-defs>');
});

describe('xliff adapter, XLIFF 2', () => {
  it('translates segments into targets with pc, ph and mrk kept, sets trgLang and the state', async () => {
    const { text, prepared } = await translateFile('app.xliff', XLIFF_2, { target: 'zho_Hant' });
    const root = parse(text);
    expect(elements(root, 'xliff')[0]?.attribs).toMatchObject({ srcLang: 'en', trgLang: 'zh-Hant' });
    const segments = elements(root, 'segment');
    expect(segments.map((segment) => segment.attribs?.state)).toEqual([
      'translated',
      'translated',
      undefined,
      'reviewed',
      'translated',
    ]);
    const first = child(segments[0]!, 'target');
    expect(textOf(first)).toBe('CLICK HERE TO START');
    expect(inlineShape(first)).toBe(inlineShape(child(segments[0]!, 'source')));
    expect(textOf(child(segments[1]!, 'target'))).toBe('WELCOME BACK');
    expect(text).toContain('<target>DO NOT TOUCH <mrk id="m1" translate="no">this part</mrk> HERE</target>');
    expect(text).toContain('<ignorable><source> </source></ignorable>');
    expect(text).toContain('<data id="d1">&lt;a href="/start"&gt;</data>');
    expect(text).toContain('<unit id="u2" translate="no"><segment><source>Sema</source></segment></unit>');
    expect(prepared.note).toBe(
      'XLIFF units left as they were: 1 marked translate="no", 1 already translated.',
    );
  });
});

describe('xliff adapter, refusals', () => {
  it('refuses a DTD (entity expansion) without expanding it', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>
<xliff version="1.2"><file><body><trans-unit id="1"><source>&b;</source></trans-unit></body></file></xliff>`;
    await expect(translateFile('bomb.xlf', bomb)).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
      detail: expect.stringContaining('declares a DTD'),
    });
  });

  it.each([
    ['app.xlf', `<xliff version="1.2"><file><body>${'<group>'.repeat(200)}</body></file></xliff>`],
    ['strings.xml', `<resources>${'<string-array name="a">'.repeat(200)}</resources>`],
  ])(
    'refuses %s nested past the limit before parsing it, as every XML file format does',
    async (name, xml) => {
      await expect(translateFile(name, xml)).rejects.toMatchObject({
        code: 'INVALID_DOCUMENT',
        message: `The file nests deeper than ${testLimits.maxJsonDepth} levels; it was refused.`,
      });
    },
  );

  it('refuses XML that is not XLIFF, and XLIFF versions it does not know', async () => {
    await expect(translateFile('a.xlf', '<resources><string>Hi</string></resources>')).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
      detail: 'The file is not XLIFF: its root element is not <xliff>.',
    });
    await expect(translateFile('a.xlf', '<xliff version="3.0"><file/></xliff>')).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
      detail: expect.stringContaining('The XLIFF version "3.0" is not supported'),
    });
  });

  it('gives a finished file back unchanged, saying every unit is already translated', async () => {
    const done =
      '<xliff version="1.2"><file target-language="fr"><body><trans-unit id="1"><source>Hi</source><target>Salut</target></trans-unit></body></file></xliff>';
    const { text, prepared } = await translateFile('a.xlf', done);
    expect(text).toBe(done);
    expect(prepared.note).toBe(
      'Nothing was left to translate; the file comes back as it was. XLIFF units left as they were: 1 already translated.',
    );
  });

  it('translates an XLIFF 2.0 group marked translate="yes" inside a file marked translate="no"', async () => {
    const xliff = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
 <file id="f1" translate="no">
  <unit id="brand"><segment><source>Sema</source></segment></unit>
  <group id="ui" translate="yes">
   <unit id="save"><segment><source>Save the file</source></segment></unit>
  </group>
 </file>
</xliff>
`;
    const { text, prepared } = await translateFile('app.xlf', xliff);
    expect(text).toContain('<source>Save the file</source><target>SAVE THE FILE</target>');
    expect(text).toContain('<source>Sema</source></segment>');
    expect(prepared.note).toBe('XLIFF units left as they were: 1 marked translate="no".');
  });

  it('translates again the targets of a file in another language than the one asked for, naming both', async () => {
    // Symfony's messages.en.xlf: English targets; and a German-target file sent for French.
    const symfony = `<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file source-language="en" target-language="en" datatype="plaintext" original="file.ext">
    <body>
      <trans-unit id="a1" resname="user.login">
        <source>user.login</source>
        <target>Log in to your account</target>
      </trans-unit>
      <trans-unit id="a2" resname="Welcome">
        <source>Welcome</source>
        <target>Welcome</target>
      </trans-unit>
    </body>
  </file>
</xliff>
`;
    const { text, prepared } = await translateFile('messages.en.xlf', symfony, { target: 'fra_Latn' });
    expect(text).toContain('<target state="needs-review-translation">WELCOME</target>');
    expect(text).toContain('target-language="fr"');
    expect(prepared.note).toContain(
      "The file's targets are in en, not fr: 2 translated units were translated again from the source into fr, replacing en.",
    );
    const german = symfony
      .replace('target-language="en"', 'target-language="de-DE"')
      .replace('<target>Welcome</target>', '<target>Willkommen</target>');
    const out = await translateFile('messages.de.xlf', german, { target: 'fra_Latn' });
    expect(out.text).toContain('>WELCOME</target>');
    expect(out.text).not.toContain('Willkommen');
    expect(out.prepared.note).toContain("The file's targets are in de-DE, not fr");
    // The same file asked for its own language keeps its targets.
    const same = await translateFile('messages.de.xlf', german, { target: 'deu_Latn' });
    expect(same.text).toContain('<target>Willkommen</target>');
  });
});
