import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { makeStringsdict } from '../testing/make-stringsdict.ts';
import { testLimits, translateFile } from '../testing/translate-file.ts';
import type { TranslateTexts } from '../translate-segments.ts';

const STRINGSDICT = makeStringsdict([
  {
    key: 'files_count',
    comment: 'Files in the café folder',
    format: '%#@files@',
    variable: 'files',
    valueType: 'd',
    categories: { one: '%d file for %@ &amp; you', other: '%d files for %1$@' },
  },
  {
    key: 'photos',
    format: 'You have %#@count@',
    variable: 'count',
    valueType: 'lld',
    categories: { other: '%lld photos' },
  },
]);

type Plist = string | { [key: string]: Plist };
type Node = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<Node, { name: string; children: unknown }>;

/** The plist as Foundation would read it (dicts and strings, all a .stringsdict holds). */
function plist(xml: string): Plist {
  const read = (element: Element): Plist => {
    const children = element.children.filter((child): child is Element => child.type === 'tag');
    if (element.name === 'string' || element.name === 'key')
      return element.children.map((child) => ('data' in child ? child.data : '')).join('');
    const out: Record<string, Plist> = {};
    for (let i = 0; i < children.length; i += 2) out[read(children[i]!) as string] = read(children[i + 1]!);
    return out;
  };
  const root = parseDocument(xml, { xmlMode: true, decodeEntities: true }).children.find(
    (child): child is Element => child.type === 'tag' && child.name === 'plist',
  )!;
  return read(root.children.find((child): child is Element => child.type === 'tag')!);
}

const toArabic: TranslateTexts = async (texts) => texts.map((text) => `نص ${text}`);

describe('.stringsdict adapter', () => {
  it('translates the format keys and plural strings, keeping keys, types, comments and placeholders', async () => {
    const { text, prepared } = await translateFile('Localizable.stringsdict', STRINGSDICT);
    expect(plist(text)).toEqual({
      files_count: {
        NSStringLocalizedFormatKey: '%#@files@',
        files: {
          NSStringFormatSpecTypeKey: 'NSStringPluralRuleType',
          NSStringFormatValueTypeKey: 'd',
          ...Object.fromEntries(
            new Intl.PluralRules('fr')
              .resolvedOptions()
              .pluralCategories.map((category) => [category, '%d FILES FOR %1$@']),
          ),
          one: '%d FILE FOR %@ & YOU',
        },
      },
      photos: {
        NSStringLocalizedFormatKey: 'YOU HAVE %#@count@',
        count: {
          NSStringFormatSpecTypeKey: 'NSStringPluralRuleType',
          NSStringFormatValueTypeKey: 'lld',
          // French needs "one" (and "many" for 1,000,000 in CLDR 42+): seeded from "other".
          ...Object.fromEntries(
            new Intl.PluralRules('fr')
              .resolvedOptions()
              .pluralCategories.map((category) => [category, '%lld PHOTOS']),
          ),
        },
      },
    });
    expect(text).toContain('<!-- Files in the café folder -->');
    expect(text).toContain('<string>%d FILE FOR %@ &amp; YOU</string>');
    expect(prepared.segments.join('|')).not.toMatch(/%/);
  });

  it('adds the categories an RTL target needs in CLDR order, and says so', async () => {
    const { text, prepared } = await translateFile('Localizable.stringsdict', STRINGSDICT, {
      translate: toArabic,
      target: 'arb_Arab',
    });
    const files = (plist(text) as Record<string, Record<string, Record<string, string>>>).files_count!.files!;
    expect(Object.keys(files)).toEqual([
      'NSStringFormatSpecTypeKey',
      'NSStringFormatValueTypeKey',
      'one',
      'zero',
      'two',
      'few',
      'many',
      'other',
    ]);
    expect(files.few).toBe('نص %d files for %1$@');
    expect(text).toContain(
      '\t\t\t<key>zero</key>\n\t\t\t<string>نص %d files for %1$@</string>\n\t\t\t<key>two</key>',
    );
    expect(prepared.note).toBe(
      '9 plural forms that Arabic (ar) needs and the source lacks were added to 2 plural variables, copied from the translation of "other": check their grammar.',
    );
  });

  it("refuses an internal DTD subset (entity expansion) but reads Apple's doctype", async () => {
    const hostile = STRINGSDICT.replace(
      '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
      '<!DOCTYPE plist [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>',
    );
    await expect(translateFile('a.stringsdict', hostile)).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
      message: expect.stringContaining('DTD'),
    });
  });

  it('refuses deep nesting and a file that is not a plist', async () => {
    const deep = `<plist>${'<dict><key>k</key>'.repeat(testLimits.maxJsonDepth + 1)}</plist>`;
    await expect(translateFile('a.stringsdict', deep)).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
      message: expect.stringContaining('nests deeper'),
    });
    await expect(translateFile('a.stringsdict', '<resources/>')).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
      message: expect.stringContaining('<plist>'),
    });
  });
});
