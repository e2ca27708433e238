import { describe, expect, it } from 'vitest';
import { testLimits, translateFile } from '../testing/translate-file.ts';

const catalogue = `{
  "app": {
    "title": "Photo gallery",
    "greeting": "Hello {name}, you have {{count}} new photos",
    "items": "{count, plural, one {# item} other {# items}}",
    "printf": "Saved %s of %1$d files",
    "rich": "Click <0>here</0> to continue",
    "homepage": "https://example.org/home",
    "icon": "icons/camera.svg",
    "key_ref": "app.title",
    "version": 2.10,
    "enabled": true,
    "nothing": null,
    "list": ["First step", "Second step", 3]
  }
}
`;

function keysOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keysOf(item, `${prefix}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      `${prefix}.${key}`,
      ...keysOf(item, `${prefix}.${key}`),
    ]);
  }
  return [];
}

describe('json adapter', () => {
  it('translates string values and keeps keys, non-strings and formatting', async () => {
    const { text } = await translateFile('messages.json', catalogue);
    const before = JSON.parse(catalogue);
    const after = JSON.parse(text);
    expect(keysOf(after)).toEqual(keysOf(before));
    expect(after.app.title).toBe('PHOTO GALLERY');
    expect(after.app.list).toEqual(['FIRST STEP', 'SECOND STEP', 3]);
    // Numbers keep their exact spelling (2.10 would become 2.1 through JSON.stringify).
    expect(text).toContain('"version": 2.10,');
    expect(text.split('\n').length).toBe(catalogue.split('\n').length);
  });

  it('keeps placeholders exactly and never sends them to the model', async () => {
    const { text, prepared } = await translateFile('messages.json', catalogue);
    const after = JSON.parse(text).app;
    expect(after.greeting).toBe('HELLO {name}, YOU HAVE {{count}} NEW PHOTOS');
    // ICU: the syntax and # stay, the messages are translated.
    expect(after.items).toBe('{count, plural, one {# ITEM} other {# ITEMS}}');
    expect(after.printf).toBe('SAVED %s OF %1$d FILES');
    expect(after.rich).toBe('CLICK <0>HERE</0> TO CONTINUE');
    expect(prepared.segments.join('|')).not.toMatch(/[{}%<#]/);
  });

  it('leaves URLs, paths and key references alone', async () => {
    const after = JSON.parse((await translateFile('messages.json', catalogue)).text).app;
    expect([after.homepage, after.icon, after.key_ref]).toEqual([
      'https://example.org/home',
      'icons/camera.svg',
      'app.title',
    ]);
  });

  it('escapes translations as JSON strings', async () => {
    const { text } = await translateFile('a.json', '{"a": "Say hi"}', {
      translate: async (texts) => texts.map(() => 'He said "hi"\\n'),
    });
    expect(JSON.parse(text)).toEqual({ a: 'He said "hi"\\n' });
  });

  it('refuses invalid JSON with the parser message', async () => {
    await expect(translateFile('bad.json', '{"a": "x",}')).rejects.toMatchObject({
      statusCode: 422,
      code: 'INVALID_DOCUMENT',
      detail: expect.stringMatching(/^The file is not valid JSON: /),
    });
  });

  it('refuses JSON nested deeper than the limit without parsing it', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    await expect(translateFile('deep.json', deep)).rejects.toMatchObject({
      statusCode: 422,
      detail: `The JSON is nested more than ${testLimits.maxJsonDepth} levels deep, which is refused.`,
    });
  });

  it('does not count brackets inside strings as nesting', async () => {
    const value = '['.repeat(500);
    const { text } = await translateFile('s.json', JSON.stringify({ note: `Brackets ${value}` }));
    expect(JSON.parse(text).note).toBe(`BRACKETS ${value}`);
  });

  it('handles i18next files: plural keys, nesting, context and {{var}} placeholders', async () => {
    const i18next = JSON.stringify({
      inbox: { message_one: 'You have {{count}} message', message_other: 'You have {{count}} messages' },
      friend_male: 'A boyfriend', // context
      nested: 'See $t(inbox.message_one) first',
      gender: '{gender, select, male {He replied} female {She replied} other {They replied}}',
    });
    const after = JSON.parse((await translateFile('en.json', i18next)).text);
    expect(after.inbox).toEqual({
      message_one: 'YOU HAVE {{count}} MESSAGE',
      message_other: 'YOU HAVE {{count}} MESSAGES',
      // French also has "many" (a million messages).
      message_many: 'YOU HAVE {{count}} MESSAGES',
    });
    expect(after.friend_male).toBe('A BOYFRIEND');
    expect(after.nested).toBe('SEE $t(inbox.message_one) FIRST');
    expect(after.gender).toBe(
      '{gender, select, male {HE REPLIED} female {SHE REPLIED} other {THEY REPLIED}}',
    );
  });

  it('adds the i18next plural keys the target needs after the group, from the translation of _other', async () => {
    const source = [
      '{',
      '  "inbox": {',
      '    "message_one": "You have {{count}} message",',
      '    "message_other": "You have {{count}} messages",',
      '    "title": "Inbox"',
      '  },',
      '  "place_ordinal_one": "{{count}}st", "place_ordinal_other": "{{count}}th",',
      '  "colour_other": "Other colour",',
      '  "compact": {"day_one":"{{count}} day","day_other":"{{count}} days"}',
      '}',
    ].join('\n');
    const { text, prepared } = await translateFile('en.json', source, { target: 'arb_Arab' });
    // Arabic: zero, one, two, few, many, other. Each added key on its own line, indented as its group.
    expect(text).toContain(
      [
        '    "message_other": "YOU HAVE {{count}} MESSAGES",',
        '    "message_zero": "YOU HAVE {{count}} MESSAGES",',
        '    "message_two": "YOU HAVE {{count}} MESSAGES",',
        '    "message_few": "YOU HAVE {{count}} MESSAGES",',
        '    "message_many": "YOU HAVE {{count}} MESSAGES",',
        '    "title": "INBOX"',
      ].join('\n'),
    );
    const after = JSON.parse(text);
    // A compact object stays compact; ordinals and a lone "_other" are not cardinal plural groups.
    expect(text).toContain('"day_other":"{{count}} DAYS","day_zero":"{{count}} DAYS","day_two"');
    expect(Object.keys(after.compact)).toEqual([
      'day_one',
      'day_other',
      'day_zero',
      'day_two',
      'day_few',
      'day_many',
    ]);
    expect(Object.keys(after).filter((key) => key.startsWith('place_') || key.startsWith('colour_'))).toEqual(
      ['place_ordinal_one', 'place_ordinal_other', 'colour_other'],
    );
    expect(prepared.note).toBe(
      '8 plural forms that Arabic (ar) needs and the source lacks were added to 2 i18next plural groups, copied from the translation of "_other": check their grammar.',
    );
    // French needs "many" (1,000,000 of…) beside one and other; Japanese needs nothing more.
    expect(
      JSON.parse((await translateFile('en.json', source, { target: 'fra_Latn' })).text).inbox,
    ).toHaveProperty('message_many');
    const japanese = await translateFile('en.json', source, { target: 'jpn_Jpan' });
    expect(japanese.prepared.note).toBeUndefined();
    expect(Object.keys(JSON.parse(japanese.text).inbox)).toEqual(['message_one', 'message_other', 'title']);
  });
});
