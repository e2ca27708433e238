import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';

/** As Xcode writes one: a plural rule per variable, tabs for indentation. */
const STRINGSDICT = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<!-- Shown under the album title -->
\t<key>%d photos</key>
\t<dict>
\t\t<key>NSStringLocalizedFormatKey</key>
\t\t<string>%#@photos@ in &quot;%@&quot;</string>
\t\t<key>photos</key>
\t\t<dict>
\t\t\t<key>NSStringFormatSpecTypeKey</key>
\t\t\t<string>NSStringPluralRuleType</string>
\t\t\t<key>NSStringFormatValueTypeKey</key>
\t\t\t<string>d</string>
\t\t\t<key>one</key>
\t\t\t<string>%d photo</string>
\t\t\t<key>other</key>
\t\t\t<string>%d photos &amp; videos</string>
\t\t</dict>
\t</dict>
</dict>
</plist>
`;

/** The plist as key → value, nested, the way Foundation reads it (for comparing structure). */
function readPlist(xml: string): unknown {
  const tokens = [...xml.matchAll(/<(\/?)(dict|key|string)>([^<]*)/g)];
  let at = 0;
  const value = (): unknown => {
    const [, , name, text] = tokens[at++]!;
    if (name === 'string') return decode(text!);
    const dict: Record<string, unknown> = {};
    while (tokens[at]![1] !== '/') {
      const key = decode(tokens[at++]![3]!);
      at++; // </key>
      dict[key] = value();
      if (tokens[at]?.[2] === 'string' && tokens[at]![1] === '/') at++;
    }
    at++; // </dict>
    return dict;
  };
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<');
  while (tokens[at]![2] !== 'dict') at++;
  return value();
}

describe('stringsdict adapter', () => {
  it('translates the format and each plural string, keeping keys, rule keys and placeholders', async () => {
    const { text, prepared } = await translateFile('Localizable.stringsdict', STRINGSDICT, {
      target: 'deu_Latn',
    });
    expect(readPlist(text)).toEqual({
      '%d photos': {
        NSStringLocalizedFormatKey: '%#@photos@ IN "%@"',
        photos: {
          NSStringFormatSpecTypeKey: 'NSStringPluralRuleType',
          NSStringFormatValueTypeKey: 'd',
          one: '%d PHOTO',
          other: '%d PHOTOS & VIDEOS',
        },
      },
    });
    // German needs nothing more than one and other: nothing added, nothing said.
    expect(prepared.note).toBeUndefined();
    expect(prepared.segments).not.toContain('NSStringPluralRuleType');
    // Everything but the strings' contents is the upload's, the comment and DOCTYPE too.
    expect(text.replace(/>[^<]*<\/string>/g, '></string>')).toBe(
      STRINGSDICT.replace(/>[^<]*<\/string>/g, '></string>'),
    );
  });

  it('adds the plural categories an RTL target needs, laid out like the others, and says so', async () => {
    const { text, prepared } = await translateFile('Localizable.stringsdict', STRINGSDICT, {
      target: 'arb_Arab',
    });
    const photos = (readPlist(text) as Record<string, Record<string, Record<string, string>>>)['%d photos']!
      .photos!;
    expect(Object.keys(photos)).toEqual([
      'NSStringFormatSpecTypeKey',
      'NSStringFormatValueTypeKey',
      'one',
      'other',
      'zero',
      'two',
      'few',
      'many',
    ]);
    expect(photos.few).toBe(photos.other);
    expect(text).toContain('\t\t\t<key>few</key>\n\t\t\t<string>%d PHOTOS &amp; VIDEOS</string>');
    expect(prepared.note).toMatch(/4 plural forms that arb_Arab needs/);
  });

  it('refuses entity declarations, deep nesting and what is not a plist', async () => {
    const bomb = STRINGSDICT.replace('<plist', '<!DOCTYPE x [<!ENTITY a "aaaa">]>\n<plist');
    await expect(translateFile('a.stringsdict', bomb)).rejects.toThrow(/declares entities/);
    const deep = `<plist>${'<dict>'.repeat(500)}${'</dict>'.repeat(500)}</plist>`;
    await expect(translateFile('a.stringsdict', deep)).rejects.toThrow(/more than 100 levels/);
    await expect(translateFile('a.stringsdict', '<resources/>')).rejects.toThrow(
      /root element must be <plist>/,
    );
  });
});
