import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';
import { documentLimits } from '../limits.ts';
import type { TranslateTexts } from '../translate-segments.ts';

/** As Xcode 15 writes it: keys sorted, `"key" : value`, an empty object on two lines. */
const CATALOG = `{
  "sourceLanguage" : "en",
  "strings" : {
    "%lld photos" : {
      "comment" : "How many photos the album holds",
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld photo"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld photos"
                }
              }
            }
          }
        }
      }
    },
    "404" : {
      "comment" : "A key that looks like a number stays where it is",
      "localizations" : {
        "en" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Page not found"
          }
        }
      }
    },
    "Cancel" : {

    },
    "Hello, %@!" : {
      "localizations" : {
        "de" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Hallo, %@!"
          }
        }
      }
    },
    "Saved" : {
      "localizations" : {
        "fr" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Enregistré"
          }
        }
      }
    },
    "app.bundle.id" : {
      "shouldTranslate" : false
    },
    "files_left" : {
      "extractionState" : "manual",
      "localizations" : {
        "en" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "%#@files@ left on %@"
          },
          "substitutions" : {
            "files" : {
              "argNum" : 1,
              "formatSpecifier" : "lld",
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%arg file"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%arg files"
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  },
  "version" : "1.0"
}
`;

const marked: TranslateTexts = async (texts) => texts.map((text) => `«${text.toUpperCase()}»`);

function unit(value: unknown): { state: string; value: string } {
  return (value as { stringUnit: { state: string; value: string } }).stringUnit;
}

describe('xcstrings adapter', () => {
  it('adds the target localization to every key, marked for review, leaving the rest as it was', async () => {
    const { text, prepared } = await translateFile('Localizable.xcstrings', CATALOG, { translate: marked });
    const before = JSON.parse(CATALOG);
    const after = JSON.parse(text);
    // Same keys in the same order (the number-like key too), other languages untouched.
    expect(text.match(/^ {4}"[^"]*" : \{/gm)).toEqual(CATALOG.match(/^ {4}"[^"]*" : \{/gm));
    expect(after.strings['Hello, %@!'].localizations.de).toEqual(
      before.strings['Hello, %@!'].localizations.de,
    );
    expect(after.strings['404'].localizations.fr).toEqual({
      stringUnit: { state: 'needs_review', value: '«PAGE NOT FOUND»' },
    });
    // A key never localized is its own source text.
    expect(unit(after.strings.Cancel.localizations.fr)).toEqual({ state: 'needs_review', value: '«CANCEL»' });
    expect(unit(after.strings['Hello, %@!'].localizations.fr).value).toBe('«HELLO, %@!»');
    // Already in French: kept, and said.
    expect(after.strings.Saved).toEqual(before.strings.Saved);
    expect(prepared.note).toMatch(/1 key already had a fr localization/);
    // shouldTranslate: false is left alone.
    expect(after.strings['app.bundle.id']).toEqual({ shouldTranslate: false });
    expect(after.version).toBe('1.0');
    expect(prepared.segments).not.toContain('Enregistré');
  });

  it('translates plural variations and substitutions, keeping %lld, %#@files@ and %arg', async () => {
    const after = JSON.parse((await translateFile('Localizable.xcstrings', CATALOG)).text);
    const plural = after.strings['%lld photos'].localizations.fr.variations.plural;
    expect(unit(plural.one).value).toBe('%lld PHOTO');
    expect(unit(plural.other).value).toBe('%lld PHOTOS');
    // French needs "many" too (CLDR: 1000000 de photos): added, seeded from "other".
    expect(Object.keys(plural)).toEqual(['many', 'one', 'other']);
    expect(plural.many).toEqual(plural.other);
    const files = after.strings.files_left.localizations.fr;
    expect(unit(files).value).toBe('%#@files@ LEFT ON %@');
    expect(files.substitutions.files.argNum).toBe(1);
    expect(files.substitutions.files.formatSpecifier).toBe('lld');
    expect(unit(files.substitutions.files.variations.plural.other).value).toBe('%arg FILES');
  });

  it('gives an RTL target every plural category it needs, and says how many were added', async () => {
    const { text, prepared } = await translateFile('Localizable.xcstrings', CATALOG, {
      target: 'arb_Arab',
      needsReview: false,
    });
    const after = JSON.parse(text);
    const plural = after.strings['%lld photos'].localizations.ar.variations.plural;
    expect(Object.keys(plural)).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    expect(unit(plural.one).state).toBe('translated');
    expect(prepared.note).toBe(
      '8 plural forms that Arabic (ar) needs and the source lacks were added to 2 plural variations, copied from the translation of "other": check their grammar.',
    );
  });

  it('keeps every line of the Xcode file as it was, adding only the new localizations', async () => {
    const output = (await translateFile('Localizable.xcstrings', CATALOG)).text.split('\n');
    let at = 0;
    // Every line but the blank one of `"Cancel" : {}`, which now holds its localization.
    for (const line of CATALOG.split('\n').filter(Boolean)) {
      const found = output.indexOf(line, at);
      expect(found, line).toBeGreaterThanOrEqual(at);
      at = found + 1;
    }
  });

  it('refuses what is not a String Catalog, and nesting past the limit', async () => {
    await expect(translateFile('a.xcstrings', '{"strings": ')).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
    });
    await expect(translateFile('a.xcstrings', '{"version": "1.0"}')).rejects.toThrow(/no "strings" object/);
    const deep = `{"strings": {"k": ${'{"a":'.repeat(50)}1${'}'.repeat(50)}}}`;
    const limits = { ...documentLimits({ maxFileBytes: 1 << 20, maxChars: 10_000 }), maxJsonDepth: 20 };
    await expect(translateFile('a.xcstrings', deep, { limits })).rejects.toThrow(/nested more than 20/);
  });

  it('comes back byte for byte when another tool wrote it (4 spaces, "key": value, CRLF, keys unsorted), adding only the new localizations', async () => {
    const other = [
      '{',
      '    "version": "1.0",',
      '    "strings": {',
      '        "Welcome": {',
      '            "localizations": {',
      '                "en": {"stringUnit": {"state": "translated", "value": "Welcome, friend"}},',
      '                "ja": {"stringUnit": {"state": "translated", "value": "ようこそ"}}',
      '            },',
      '            "comment": "Shown once"',
      '        },',
      '        "Bye": {}',
      '    },',
      '    "sourceLanguage": "en"',
      '}',
    ].join('\r\n');
    const tricky: TranslateTexts = async (texts) => texts.map((text) => `« ${text} » l'"a" & <b> #1: fin`);
    const { text } = await translateFile('Localizable.xcstrings', other, { translate: tricky });
    const unit = (value: string) =>
      `{\r\n                    "stringUnit": {\r\n                        "state": "needs_review",\r\n                        "value": ${JSON.stringify(value)}\r\n                    }\r\n                }`;
    expect(text).toBe(
      other
        .replace(
          '"value": "Welcome, friend"}},\r\n',
          `"value": "Welcome, friend"}},\r\n                "fr": ${unit(`« Welcome, friend » l'"a" & <b> #1: fin`)},\r\n`,
        )
        .replace(
          '"Bye": {}',
          `"Bye": {\r\n            "localizations": {\r\n                "fr": ${unit(`« Bye » l'"a" & <b> #1: fin`)}\r\n            }\r\n        }`,
        ),
    );
  });
});
