import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';
import type { TranslateTexts } from '../translate-segments.ts';

const ARB = `{
  "@@locale": "en",
  "@@last_modified": "2026-01-01T00:00:00Z",
  "title": "Photo gallery",
  "@title": { "description": "The app bar title" },
  "photos": "{count, plural, =0 {No photos} =1 {One photo} other {{count} photos}}",
  "@photos": {
    "description": "How many photos the album holds",
    "placeholders": { "count": { "type": "int", "example": "3" } }
  },
  "welcome": "Welcome back, {name}!",
  "@welcome": { "placeholders": { "name": { "type": "String", "example": "Amira" } } }
}
`;

const toArabic: TranslateTexts = async (texts) => texts.map((text) => `نص ${text.toUpperCase()}`);

describe('arb adapter', () => {
  it('translates messages and keeps @ metadata, and sets @@locale (RTL target)', async () => {
    const { text, prepared } = await translateFile('app_en.arb', ARB, {
      translate: toArabic,
      target: 'arb_Arab',
    });
    const before = JSON.parse(ARB);
    const after = JSON.parse(text);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after['@@locale']).toBe('ar');
    for (const key of Object.keys(before).filter((name) => name.startsWith('@') && name !== '@@locale'))
      expect(after[key]).toEqual(before[key]);
    expect(after.title).toBe('نص PHOTO GALLERY');
    expect(after.welcome).toBe('نص WELCOME BACK, {name}!');
    expect(prepared.segments).not.toContain('The app bar title');
    expect(text.split('\n')).toHaveLength(ARB.split('\n').length);
  });

  it('translates the messages of ICU plurals and keeps their syntax and placeholders', async () => {
    const after = JSON.parse((await translateFile('app_en.arb', ARB, { target: 'zho_Hant' })).text);
    expect(after.photos).toBe('{count, plural, =0 {NO PHOTOS} =1 {ONE PHOTO} other {{count} PHOTOS}}');
    expect(after['@@locale']).toBe('zh_Hant');
  });

  it('quotes # (and braces, and apostrophes before them) a translation adds inside an ICU plural, so ICU reads them as text', async () => {
    const marks: TranslateTexts = async (texts) => texts.map((text) => `l'« ${text} » "a" & <b> #1: fin`);
    const { text } = await translateFile('app_en.arb', ARB, { translate: marks, target: 'fra_Latn' });
    const after = JSON.parse(text);
    // An ICU reader (formatjs; Flutter reads no tags) formats the message: '#' is text, the number still there.
    const formatted = new IntlMessageFormat(after.photos, 'fr', undefined, { ignoreTag: true }).format({
      count: 5,
    });
    // `#` is inside the sentence the model reads, so it stays with its word.
    expect(formatted).toBe(`l'« 5 photos » "a" & <b> #1: fin`);
    expect(
      new IntlMessageFormat(after.photos, 'fr', undefined, { ignoreTag: true }).format({ count: 0 }),
    ).toBe(`l'« No photos » "a" & <b> #1: fin`);
    expect(after.welcome).toBe(`l'« Welcome back, {name}! » "a" & <b> #1: fin`);
  });

  it('quotes braces and apostrophes a translation brings at the top of a message too, so ICU reads the message as written', async () => {
    // `l'` before `{name}` would open a quotation that swallows the placeholder; `{x}` would be an argument.
    const marks: TranslateTexts = async (texts) =>
      texts.map((text) => `« ${text} » l'{x} it''s "a" & <b> #1: l'`);
    const { text } = await translateFile('app_en.arb', ARB, { translate: marks, target: 'fra_Latn' });
    const after = JSON.parse(text);
    const format = (message: string, values: Record<string, unknown>) =>
      new IntlMessageFormat(message, 'fr', undefined, { ignoreTag: true }).format(values);
    expect(format(after.welcome, { name: 'Amira' })).toBe(
      `« Welcome back, Amira! » l'{x} it''s "a" & <b> #1: l'`,
    );
    expect(format(after.title, {})).toBe(`« Photo gallery » l'{x} it''s "a" & <b> #1: l'`);
    expect(format(after.photos, { count: 0 })).toBe(`« No photos » l'{x} it''s "a" & <b> #1: l'`);
  });
});
