import { describe, expect, it } from 'vitest';
import { makeStringsdict } from '../testing/index.ts';
import { translateFile } from '../testing/translate-file.ts';
import { missingPlurals } from './plural-forms.ts';

describe('plural forms a target needs, added by every format the same way', () => {
  it('missingPlurals: what the target needs and the group lacks, in CLDR order', () => {
    expect(missingPlurals('rus_Cyrl', ['other', 'one'])).toEqual(['few', 'many']);
    expect(missingPlurals('arb_Arab', ['one', 'other'])).toEqual(['zero', 'two', 'few', 'many']);
    expect(missingPlurals('jpn_Jpan', ['one', 'other'])).toEqual([]);
    expect(missingPlurals(undefined, ['other'])).toEqual([]);
  });

  it('Android, i18next JSON, .stringsdict and .xcstrings say it in one wording, naming Russian as Russian (ru)', async () => {
    const files: Array<[string, string]> = [
      [
        'strings.xml',
        '<resources><plurals name="files"><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals></resources>',
      ],
      ['en.json', '{"files_one": "{{count}} file", "files_other": "{{count}} files"}'],
      [
        'Localizable.stringsdict',
        makeStringsdict([
          {
            key: 'files',
            format: '%#@n@',
            variable: 'n',
            valueType: 'd',
            categories: { one: '%d file', other: '%d files' },
          },
        ]),
      ],
      [
        'Localizable.xcstrings',
        JSON.stringify({
          sourceLanguage: 'en',
          strings: {
            files: {
              localizations: {
                en: {
                  variations: {
                    plural: {
                      one: { stringUnit: { state: 'translated', value: '%lld file' } },
                      other: { stringUnit: { state: 'translated', value: '%lld files' } },
                    },
                  },
                },
              },
            },
          },
          version: '1.0',
        }),
      ],
    ];
    const notes: string[] = [];
    for (const [name, content] of files) {
      const { prepared } = await translateFile(name, content, { target: 'rus_Cyrl' });
      notes.push((prepared.note ?? '').replace(/ to 1 .*?, copied/, ' to 1 ‹group›, copied'));
    }
    expect(new Set(notes.map((note) => note.replace(/"_?other"/, '"other"')))).toEqual(
      new Set([
        '2 plural forms that Russian (ru) needs and the source lacks were added to 1 ‹group›, copied from the translation of "other": check their grammar.',
      ]),
    );
  });
});
