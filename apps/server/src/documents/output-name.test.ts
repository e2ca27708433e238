import { describe, expect, it } from 'vitest';
import { ADAPTERS } from './registry.ts';
import { suffixedName, type NamedUpload } from './output-name.ts';

/** The translated file's name and note, by the rule the format declares. */
function named(format: keyof typeof ADAPTERS, fileName: string, target: string, source = 'eng_Latn') {
  const dot = fileName.lastIndexOf('.');
  const upload: NamedUpload = {
    baseName: fileName.slice(0, dot),
    extension: fileName.slice(dot + 1),
    source,
    target,
  };
  return (ADAPTERS[format].outputName ?? suffixedName)(upload);
}

describe("translated files' names follow each ecosystem", () => {
  it.each([
    ['arb', 'intl_en.arb', 'fra_Latn', 'intl_fr.arb'],
    ['arb', 'app_en_US.arb', 'zho_Hant', 'app_zh_Hant.arb'],
    ['arb', 'app.arb', 'fra_Latn', 'app.fr.arb'],
    ['po', 'en.po', 'fra_Latn', 'fr.po'],
    ['po', 'pt_BR.po', 'deu_Latn', 'de.po'],
    ['po', 'messages.pot', 'zho_Hant', 'zh_Hant.po'],
    ['po', 'django.po', 'fra_Latn', 'django.fr.po'],
    ['xliff', 'messages.en.xlf', 'fra_Latn', 'messages.fr.xlf'],
    ['xliff', 'messages.xlf', 'fra_Latn', 'messages.fr.xlf'],
    ['json', 'en.json', 'fra_Latn', 'fr.json'],
    ['json', 'translation.json', 'swh_Latn', 'translation.sw.json'],
    ['yaml', 'en.yml', 'fra_Latn', 'fr.yml'],
    ['yaml', 'devise.en.yml', 'fra_Latn', 'devise.fr.yml'],
    ['xcstrings', 'Localizable.xcstrings', 'fra_Latn', 'Localizable.xcstrings'],
    ['docx', 'report.final.docx', 'fra_Latn', 'report.final.fr.docx'],
  ] as const)('%s: %s → %s', (format, upload, target, expected) => {
    expect(named(format, upload, target)).toEqual({ fileName: expected });
  });

  it('takes a locale in the name only when it is the source or the target language', () => {
    // `to` is Tongan's code and `id` Indonesian's: in an English file's name they are words.
    expect(named('yaml', 'how_to.yml', 'fra_Latn').fileName).toBe('how_to.fr.yml');
    expect(named('json', 'user_id.json', 'fra_Latn').fileName).toBe('user_id.fr.json');
    // Symfony's messages.fr.xlf holds French targets: sent for French again it keeps its name.
    expect(named('xliff', 'messages.fr.xlf', 'fra_Latn').fileName).toBe('messages.fr.xlf');
    // A file with nothing left to detect from keeps `auto`: any language in its name counts.
    expect(named('json', 'de.json', 'fra_Latn', 'auto').fileName).toBe('fr.json');
  });

  it('keeps the name of a file whose folder gives its language, and says which folder', () => {
    expect(named('strings', 'Localizable.strings', 'fra_Latn')).toEqual({
      fileName: 'Localizable.strings',
      note: 'Localizable.strings keeps its name: Xcode reads it from the fr.lproj/ folder.',
    });
    expect(named('stringsdict', 'Localizable.stringsdict', 'zho_Hant').note).toContain('zh-Hant.lproj/');
    expect(named('android', 'strings.xml', 'fra_Latn')).toEqual({
      fileName: 'strings.xml',
      note: 'strings.xml keeps its name: Android reads it from the values-fr/ folder.',
    });
    expect(named('android', 'strings.xml', 'zho_Hant').note).toContain('values-b+zh+Hant/');
    expect(named('android', 'strings.xml', 'ace_Arab').note).toContain('values-b+ace+Arab/');
  });
});
