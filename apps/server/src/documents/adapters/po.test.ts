import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { po, type GetTextTranslation } from 'gettext-parser';
import { describe, expect, it } from 'vitest';
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
    expect(deleted.msgstr[5]).toBe('%d نص FILES WERE DELETED');
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
    expect(prepared.note).toBe('1 PO entries already translated were left as they were.');
    const keptLines = TEMPLATE.split('\n').filter(
      (line) => !/^(?:msgstr|"Language|"Plural|"Content-Type)/.test(line),
    );
    const outLines = text.split('\n');
    for (const line of keptLines) expect(outLines).toContain(line);
    expect(text.split('\n\n')).toHaveLength(TEMPLATE.split('\n\n').length);
  });

  it('writes a catalogue that GNU msgfmt accepts (plural forms and format strings checked)', async (context) => {
    const hasMsgfmt = (() => {
      try {
        execFileSync('msgfmt', ['--version'], { stdio: 'pipe' });
        return true;
      } catch {
        return false;
      }
    })();
    if (!hasMsgfmt) context.skip();
    const { text } = await translateFile('gallery.pot', TEMPLATE, { target: 'pol_Latn', needsReview: false });
    const dir = mkdtempSync(join(tmpdir(), 'sema-po-'));
    writeFileSync(join(dir, 'pl.po'), text);
    expect(() =>
      execFileSync('msgfmt', ['--check', '-o', join(dir, 'pl.mo'), join(dir, 'pl.po')], { stdio: 'pipe' }),
    ).not.toThrow();
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
