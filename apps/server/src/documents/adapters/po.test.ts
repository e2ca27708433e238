import { po, type GetTextTranslation } from 'gettext-parser';
import { describe, expect, it } from 'vitest';
import { hasTool, msgfmtCheck } from '../testing/format-tools.ts';
import { translateFile } from '../testing/translate-file.ts';
import type { TranslateTexts } from '../translate-segments.ts';
import { pluralFormsOf } from './plural-forms.ts';

const TEMPLATE = `# Translation template of Photo Gallery.
# Copyright (C) 2026 The Gallery authors
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: gallery 2.1\\n"
"Report-Msgid-Bugs-To: bugs@example.org\\n"
"POT-Creation-Date: 2026-01-01 00:00+0000\\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"

#. TRANSLATORS: shown on the start page
#: src/app.c:12
#, c-format
msgid "Hello %s, welcome back to the café"
msgstr ""

#: src/app.py:20
#, python-format
msgid "Saved %(count)d photos in {album}"
msgstr ""

#: src/menu.c:5
msgctxt "menu"
msgid "Open"
msgstr ""

#: src/menu.c:9
msgctxt "verb"
msgid "Open"
msgstr ""

#: src/files.c:5
#, c-format
msgid "One file was deleted"
msgid_plural "%d files were deleted"
msgstr[0] ""
msgstr[1] ""

#: src/files.c:8
#, c-format
msgid "%d photo"
msgid_plural "%d photos"
msgstr[0] ""
msgstr[1] ""

#| msgid "Closed"
msgid "Close"
msgstr ""

msgid ""
"A long message that goes past the seventy-nine column limit of gettext's "
"line folding, so it is written on several lines"
msgstr ""

msgid "Already done"
msgstr "Déjà fait"

msgid "42"
msgstr ""

#~ msgid "Old"
#~ msgstr "Vieux"
`;

/** An RTL stand-in for the model. */
const toArabic: TranslateTexts = async (texts) => texts.map((text) => `نص ${text.toUpperCase()}`);

/** Every entry as `context|msgid`, with what a translation must not change. */
function shape(file: string | Uint8Array) {
  const table = po.parse(typeof file === 'string' ? file : Buffer.from(file));
  const entries = Object.values(table.translations).flatMap((byId) => Object.values(byId));
  return entries.map((entry) => ({
    key: `${entry.msgctxt ?? ''}|${entry.msgid}|${entry.msgid_plural ?? ''}`,
    reference: entry.comments?.reference,
    extracted: entry.comments?.extracted,
    previous: entry.comments?.previous,
    translator: entry.comments?.translator,
  }));
}

function entry(file: string, msgid: string, msgctxt = ''): GetTextTranslation {
  return po.parse(file).translations[msgctxt]![msgid]!;
}

const hasMsgfmt = hasTool('msgfmt');

/** A catalogue as msginit and a translator leave it: the header, then `entries`. */
function catalogue(language: string, pluralForms: string, entries: string): string {
  return `# Translation of Photo Gallery.
msgid ""
msgstr ""
"Project-Id-Version: gallery 2.1\\n"
"PO-Revision-Date: 2026-02-01 10:00+0100\\n"
"Language: ${language}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: ${pluralForms}\\n"

${entries}`;
}

describe('po adapter', () => {
  it('fills every untranslated entry and keeps ids, contexts, comments and references', async () => {
    const { text } = await translateFile('gallery.pot', TEMPLATE);
    expect(shape(text)).toEqual(shape(TEMPLATE));
    expect(entry(text, 'Open', 'menu').msgstr).toEqual(['OPEN']);
    expect(entry(text, 'Close').msgstr).toEqual(['CLOSE']);
    expect(entry(text, 'Close').comments?.previous).toBe('msgid "Closed"');
    expect(entry(text, '42').msgstr).toEqual(['42']);
    expect(po.parse(text).obsolete?.['']?.Old?.msgstr).toEqual(['Vieux']);
  });

  it('keeps printf, Python and brace placeholders and never sends them to the model', async () => {
    const { text, prepared } = await translateFile('gallery.pot', TEMPLATE);
    expect(entry(text, 'Hello %s, welcome back to the café').msgstr).toEqual([
      'HELLO %s, WELCOME BACK TO THE CAFÉ',
    ]);
    expect(entry(text, 'Saved %(count)d photos in {album}').msgstr).toEqual([
      'SAVED %(count)d PHOTOS IN {album}',
    ]);
    expect(prepared.segments.join('|')).not.toMatch(/[%{}]/);
  });

  it('sets Language and Plural-Forms for the target and writes one msgstr per plural form (Arabic: six)', async () => {
    const { text } = await translateFile('gallery.pot', TEMPLATE, {
      translate: toArabic,
      target: 'arb_Arab',
    });
    const { headers } = po.parse(text);
    expect(headers.Language).toBe('ar');
    expect(headers['Plural-Forms']).toBe(pluralFormsOf('arb_Arab')!.header);
    expect(headers['Plural-Forms']).toMatch(/^nplurals=6; /);
    expect(headers['Project-Id-Version']).toBe('gallery 2.1');
    // "One file…" only fits the forms that mean exactly one (Arabic: zero and one are their own forms).
    const deleted = entry(text, 'One file was deleted');
    expect(deleted.msgstr).toHaveLength(6);
    expect(deleted.msgstr[1]).toBe('نص ONE FILE WAS DELETED');
    // The placeholder is inside the sentence the model reads, so it moves with its words.
    expect(deleted.msgstr[5]).toBe('نص %d FILES WERE DELETED');
    expect(entry(text, '%d photo').msgstr).toHaveLength(6);
  });

  it('uses the plural text for Russian "one" (21, 31…) unless the singular carries the number', async () => {
    const { text } = await translateFile('gallery.pot', TEMPLATE, { target: 'rus_Cyrl' });
    expect(entry(text, 'One file was deleted').msgstr).toEqual([
      '%d FILES WERE DELETED',
      '%d FILES WERE DELETED',
      '%d FILES WERE DELETED',
    ]);
    expect(entry(text, '%d photo').msgstr).toEqual(['%d PHOTO', '%d PHOTOS', '%d PHOTOS']);
  });

  it('marks translations fuzzy, or not when the caller says no review is needed', async () => {
    const fuzzy = (await translateFile('gallery.pot', TEMPLATE)).text;
    expect(entry(fuzzy, 'Hello %s, welcome back to the café').comments?.flag).toBe('fuzzy, c-format');
    expect(entry(fuzzy, 'Close').comments?.flag).toBe('fuzzy');
    expect(fuzzy).toContain('#, fuzzy\n#| msgid "Closed"\nmsgid "Close"');
    const reviewed = (await translateFile('gallery.pot', TEMPLATE, { needsReview: false })).text;
    expect(entry(reviewed, 'Hello %s, welcome back to the café').comments?.flag).toBe('c-format');
    expect(entry(reviewed, 'Close').comments?.flag).toBeUndefined();
  });

  it('leaves translated entries and every line it does not translate byte for byte, and says so', async () => {
    const { text, prepared } = await translateFile('fr.po', TEMPLATE, { needsReview: false });
    expect(entry(text, 'Already done').msgstr).toEqual(['Déjà fait']);
    expect(prepared.note).toContain('1 PO entries already translated were left as they were.');
    const keptLines = TEMPLATE.split('\n').filter(
      (line) => !/^(?:msgstr|"Language|"Plural|"Content-Type)/.test(line),
    );
    const outLines = text.split('\n');
    for (const line of keptLines) expect(outLines).toContain(line);
    expect(text.split('\n\n')).toHaveLength(TEMPLATE.split('\n\n').length);
  });

  it('writes a catalogue that GNU msgfmt accepts (plural forms and format strings checked)', async (context) => {
    if (!hasMsgfmt) context.skip();
    const { text } = await translateFile('gallery.pot', TEMPLATE, { target: 'pol_Latn', needsReview: false });
    expect(msgfmtCheck(text)).toBe('');
  });

  it('keeps a catalogue’s own Plural-Forms (Russian with four forms, Irish’s formula) and fills only a header without one', async (context) => {
    const russian = catalogue(
      'ru',
      'nplurals=4; plural=(n==1) ? 0 : (n%10==1 && n%100!=11) ? 1 : (n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20)) ? 2 : 3;',
      '#, c-format\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d файл"\nmsgstr[1] "%d файл"\nmsgstr[2] "%d файла"\nmsgstr[3] "%d файлов"\n\n' +
        '#, c-format\nmsgid "%d folder"\nmsgid_plural "%d folders"\nmsgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\nmsgstr[3] ""\n',
    );
    const { text, prepared } = await translateFile('ru.po', russian, {
      target: 'rus_Cyrl',
      needsReview: false,
    });
    expect(po.parse(text).headers['Plural-Forms']).toBe(po.parse(russian).headers['Plural-Forms']);
    expect(entry(text, '%d folder').msgstr).toEqual(['%d FOLDER', '%d FOLDERS', '%d FOLDERS', '%d FOLDERS']);
    expect(prepared.note ?? '').not.toContain('Plural-Forms');
    const irishFormula = 'nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4;';
    const irish = catalogue(
      'ga',
      irishFormula,
      'msgid "One day"\nmsgid_plural "%d days"\nmsgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\nmsgstr[3] ""\nmsgstr[4] ""\n',
    );
    const gaOut = await translateFile('ga.po', irish, { target: 'gle_Latn', needsReview: false });
    expect(po.parse(gaOut.text).headers['Plural-Forms']).toBe(irishFormula);
    expect(entry(gaOut.text, 'One day').msgstr).toEqual([
      'ONE DAY',
      '%d DAYS',
      '%d DAYS',
      '%d DAYS',
      '%d DAYS',
    ]);
    // A template has none: it is filled, and the note says so.
    const pot = await translateFile('gallery.pot', TEMPLATE, { target: 'rus_Cyrl' });
    expect(pot.prepared.note).toContain('The catalogue declared no Plural-Forms; it was set to ru');
    if (!hasMsgfmt) context.skip();
    expect(msgfmtCheck(text)).toBe('');
    expect(msgfmtCheck(gaOut.text)).toBe('');
  });

  it('keeps every C and Python directive its format flag declares, whole (%r, %.*s, %-*s, %<PRIuMAX>…)', async (context) => {
    const file = catalogue(
      'fr',
      'nplurals=2; plural=(n > 1);',
      [
        '#, python-format\nmsgid "Cannot open %r: %s"\nmsgstr ""\n',
        '#, python-format\nmsgid "%(name)s has %(count)5.2f%% of %*d items"\nmsgstr ""\n',
        '#, c-format\nmsgid "Skipping %.*s in %-*s at %*s"\nmsgstr ""\n',
        '#, c-format\nmsgid "Read %<PRIuMAX> bytes of %<PRIu32> at offset %<PRIx64>"\nmsgstr ""\n',
        '#, c-format\nmsgid "%2$s copied to %1$s (%\'d%% done, %zu left, %m)"\nmsgstr ""\n',
        '#, c-format\nmsgid "%<PRIuMAX> byte of %<PRIuMAX>"\nmsgid_plural "%<PRIuMAX> bytes of %<PRIuMAX>"\nmsgstr[0] ""\nmsgstr[1] ""\n',
        '#, python-brace-format\nmsgid "Hello {name}, {{literal}} {count:>{width}}"\nmsgstr ""\n',
      ].join('\n'),
    );
    const { text, prepared } = await translateFile('fr.po', file, { needsReview: false });
    expect(entry(text, 'Cannot open %r: %s').msgstr).toEqual(['CANNOT OPEN %r: %s']);
    expect(entry(text, 'Skipping %.*s in %-*s at %*s').msgstr).toEqual(['SKIPPING %.*s IN %-*s AT %*s']);
    expect(entry(text, 'Read %<PRIuMAX> bytes of %<PRIu32> at offset %<PRIx64>').msgstr).toEqual([
      'READ %<PRIuMAX> BYTES OF %<PRIu32> AT OFFSET %<PRIx64>',
    ]);
    expect(prepared.segments.join('|')).not.toMatch(/[%{}<>*]|PRI/);
    if (!hasMsgfmt) context.skip();
    expect(msgfmtCheck(text)).toBe('');
  });

  it('writes translations holding quotes, « », &, <, # and : escaped as gettext reads them', async (context) => {
    const marks: TranslateTexts = async (texts) => texts.map((text) => `l'« ${text} » "a" & <b> #1: \\ fin`);
    const { text } = await translateFile('gallery.pot', TEMPLATE, { translate: marks, needsReview: false });
    expect(entry(text, 'Close').msgstr).toEqual(['l\'« Close » "a" & <b> #1: \\ fin']);
    if (!hasMsgfmt) context.skip();
    expect(msgfmtCheck(text)).toBe('');
  });

  it('reads a catalogue in its declared legacy charset (windows-1251) and writes it back in UTF-8, saying so', async () => {
    const russian = catalogue(
      'ru',
      'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
      'msgid "Open"\nmsgstr "Открыть"\n\nmsgid "Save"\nmsgstr ""\n',
    ).replace('charset=UTF-8', 'charset=windows-1251');
    const bytes = Uint8Array.from(
      [...russian].map((char) =>
        char === 'О'
          ? 0xce
          : char === 'т'
            ? 0xf2
            : char === 'к'
              ? 0xea
              : char === 'р'
                ? 0xf0
                : char === 'ы'
                  ? 0xfb
                  : char === 'ь'
                    ? 0xfc
                    : char.charCodeAt(0),
      ),
    );
    const { text, prepared } = await translateFile('ru.po', bytes, { target: 'rus_Cyrl' });
    expect(entry(text, 'Open').msgstr).toEqual(['Открыть']);
    expect(entry(text, 'Save').msgstr).toEqual(['SAVE']);
    expect(po.parse(text).headers['Content-Type']).toBe('text/plain; charset=UTF-8');
    expect(prepared.note).toContain('written in windows-1251; it comes back in UTF-8');
  });

  it('translates a catalogue of another language into the target, replacing its translations and saying so', async () => {
    const german = catalogue(
      'de',
      'nplurals=2; plural=(n != 1);',
      'msgid "Open"\nmsgstr "Öffnen"\n\nmsgid "Save"\nmsgstr ""\n',
    );
    const { text, prepared } = await translateFile('de.po', german, { target: 'fra_Latn' });
    expect(entry(text, 'Open').msgstr).toEqual(['OPEN']);
    expect(po.parse(text).headers.Language).toBe('fr');
    expect(po.parse(text).headers['Plural-Forms']).toBe('nplurals=2; plural=(n > 1);');
    expect(prepared.note).toContain(
      "The catalogue's Language is de, not fr: its 1 translations were replaced",
    );
  });

  it('changes only the header’s Language line (charset=UTF-8 keeps its spelling)', async () => {
    const file = catalogue('', 'nplurals=2; plural=(n > 1);', 'msgid "Save"\nmsgstr ""\n');
    const { text } = await translateFile('fr.po', file);
    expect(text).toBe(
      file
        .replace('"Language: \\n"', '"Language: fr\\n"')
        .replace('msgid "Save"\nmsgstr ""', '#, fuzzy\nmsgid "Save"\nmsgstr "SAVE"'),
    );
  });

  it('says when the target language has no known plural rules and keeps the header’s', async () => {
    const { text, prepared } = await translateFile('gallery.pot', TEMPLATE, { target: 'ace_Latn' });
    expect(po.parse(text).headers['Plural-Forms']).toBe('nplurals=INTEGER; plural=EXPRESSION;');
    expect(entry(text, '%d photo').msgstr).toEqual(['%d PHOTO', '%d PHOTOS']);
    expect(prepared.note).toContain('The plural rules of ace_Latn are not in CLDR');
  });

  it('translates a file without a header entry and says its Language could not be set', async () => {
    const bare =
      'msgctxt "k0"\nmsgid "1. "\nmsgstr ""\n\nmsgid "One photo"\nmsgid_plural "%d photos"\nmsgstr[0] ""\nmsgstr[1] ""\n';
    const { text, prepared } = await translateFile('bare.po', bare, {
      target: 'hne_Deva',
      needsReview: false,
    });
    expect(entry(text, 'One photo').msgstr).toEqual(['ONE PHOTO', '%d PHOTOS']);
    expect(prepared.note).toContain(
      'The PO file has no header entry (msgid ""), so its Language was not set.',
    );
  });

  it('gives a finished catalogue back byte for byte, saying nothing was left to translate', async () => {
    const done = catalogue('fr', 'nplurals=2; plural=(n > 1);', 'msgid "Save"\nmsgstr "Enregistrer"\n');
    const { text, prepared } = await translateFile('fr.po', done);
    expect(text).toBe(done);
    expect(prepared.note).toBe(
      'Nothing was left to translate; the file comes back as it was. 1 PO entries already translated were left as they were.',
    );
  });

  it('keeps CRLF line ends', async () => {
    const crlf = TEMPLATE.replace(/\n/g, '\r\n');
    const { text } = await translateFile('gallery.pot', crlf);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('refuses a file that is not a PO catalogue', async () => {
    for (const bad of [
      'msgid "unterminated\nmsgstr ""\n',
      'Just some text\n',
      'msgid "a"\n\nmsgid "b"\nmsgstr ""\n',
    ]) {
      await expect(translateFile('a.po', bad)).rejects.toMatchObject({
        code: 'INVALID_DOCUMENT',
        detail: expect.stringMatching(/^The file is not a valid PO file: /),
      });
    }
  });
});
