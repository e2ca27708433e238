import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';
import type { TranslateTexts } from '../translate-segments.ts';

const STRINGS = `/* Title of the main screen */
"main.title" = "Photo gallery";

// Shown with the user's name
"greeting" = "Hello %@, you have %1$d new photos";
"quote"="He said \\"hi\\"\\nthen left";
welcome_bare = "Welcome to the café";
"identifier" = "photo.view_controller";
/* "commented" = "Not an entry"; */
`;

const toArabic: TranslateTexts = async (texts) => texts.map((text) => `"نص" ${text.toUpperCase()}`);

/** Key → decoded value, as Foundation would read the file (enough of it for the test). */
function entries(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const body = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  for (const match of body.matchAll(/("(?:[^"\\]|\\.)*"|[\w.$-]+)\s*=\s*("(?:[^"\\]|\\.)*")\s*;/g)) {
    const key = match[1]!.startsWith('"') ? (JSON.parse(match[1]!) as string) : match[1]!;
    out[key] = JSON.parse(match[2]!) as string;
  }
  return out;
}

describe('apple .strings adapter', () => {
  it('translates values and keeps keys, comments, spacing and placeholders', async () => {
    const { text, prepared } = await translateFile('Localizable.strings', STRINGS);
    expect(Object.keys(entries(text))).toEqual(Object.keys(entries(STRINGS)));
    expect(entries(text)).toEqual({
      'main.title': 'PHOTO GALLERY',
      greeting: 'HELLO %@, YOU HAVE %1$d NEW PHOTOS',
      quote: 'HE SAID "HI"\nTHEN LEFT',
      welcome_bare: 'WELCOME TO THE CAFÉ',
      identifier: 'photo.view_controller',
    });
    expect(text).toContain('/* Title of the main screen */\n"main.title" = "PHOTO GALLERY";');
    expect(text).toContain('/* "commented" = "Not an entry"; */');
    expect(prepared.segments.join('|')).not.toMatch(/[%\\]/);
  });

  it('escapes quotes in translations (RTL target)', async () => {
    const { text } = await translateFile('Localizable.strings', '"a" = "Hello";\n', {
      translate: toArabic,
      target: 'arb_Arab',
    });
    expect(text).toBe('"a" = "\\"نص\\" HELLO";\n');
  });

  it('reads a UTF-16 file with a byte-order mark, as Xcode writes them', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('"a" = "Hello";\n', 'utf16le')]);
    const { text } = await translateFile('Localizable.strings', utf16);
    expect(text).toBe('"a" = "HELLO";\n');
  });

  it('refuses a line that is not an entry, with its number', async () => {
    await expect(translateFile('a.strings', '"a" = "b";\n"c" = oops;\n')).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
      detail: 'The file is not a valid .strings file: line 2 is not a "key" = "value"; entry or a comment.',
    });
  });
});
