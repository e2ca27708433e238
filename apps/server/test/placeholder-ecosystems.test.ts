/**
 * The placeholders of the big localisation ecosystems, in files of the formats they ship, through
 * /api/v1/translate/document: each message reaches the model as one sentence with a stand-in per
 * placeholder (seen through a recording translator on the `remote` protocol), and comes back with
 * every placeholder once. The strings are those of real catalogues (kimai's Symfony XLIFF, Drupal's
 * PO, Qt through lconvert's PO, ASP.NET Core JSON, Java MessageFormat in XLIFF, Android, Laravel's
 * JSON, go-i18n); "50% less" in running prose stays words.
 */
import { describe, expect, it } from 'vitest';
import { uploadForm } from './build-test-app.ts';
import { appWithRecordingTranslator } from './recording-translator.ts';

const served = appWithRecordingTranslator();

async function translateFile(fileName: string, content: string): Promise<string> {
  const response = await fetch(`${served.base}/api/v1/translate/document`, {
    method: 'POST',
    body: uploadForm(fileName, content, { source_language: 'eng_Latn', target_language: 'swh_Latn' }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.text();
}

const xliff = (source: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="messages.en.xlf">
    <body>
      <trans-unit id="one" resname="one"><source>${source}</source></trans-unit>
    </body>
  </file>
</xliff>
`;

const po = (msgid: string) => `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "${msgid.replaceAll('"', '\\"')}"
msgstr ""
`;

/** Each case: a file, the placeholders it must keep, and the one sentence the model must read. */
const CASES: Array<{ ecosystem: string; file: string; content: string; keep: string[]; model: string }> = [
  {
    ecosystem: 'Symfony XLIFF (kimai)',
    file: 'messages.en.xlf',
    content: xliff('An e-mail has been sent to %email%.'),
    keep: ['%email%'],
    model: 'An e-mail has been sent to [1].',
  },
  {
    ecosystem: 'Symfony YAML',
    file: 'messages.en.yml',
    content: "confirm: 'Delete %count% entries of %name%?'\n",
    keep: ['%count%', '%name%'],
    model: 'Delete [1] entries of [2]?',
  },
  {
    ecosystem: 'Drupal PO',
    file: 'drupal.fr.po',
    content: po('See the <a href="%handbook">online handbook</a> for %help_pages and !name.'),
    keep: ['<a href="%handbook">', '</a>', '%help_pages', '!name'],
    model: 'See the [1]online handbook[2] for [3] and [4].',
  },
  {
    ecosystem: 'Qt (lconvert PO)',
    file: 'qt.po',
    content: po('Copied %1 of %L2 files (%n left)'),
    keep: ['%1', '%L2', '%n'],
    model: 'Copied [1] of [2] files ([3] left)',
  },
  {
    ecosystem: '.NET composite format (ASP.NET Core JSON)',
    file: 'SharedResource.en.json',
    content: JSON.stringify({ Total: 'The total is {0:N2} for {1,-10}.' }),
    keep: ['{0:N2}', '{1,-10}'],
    model: 'The total is [1] for [2].',
  },
  {
    ecosystem: 'Java MessageFormat (XLIFF)',
    file: 'Messages.xlf',
    content: xliff('There are {0,number,integer} files on {1,date,long}.'),
    keep: ['{0,number,integer}', '{1,date,long}'],
    model: 'There are [1] files on [2].',
  },
  {
    ecosystem: 'Android positional printf',
    file: 'strings.xml',
    content:
      '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n  <string name="inbox">Hello %1$s, you have %2$d new messages</string>\n</resources>\n',
    keep: ['%1$s', '%2$d'],
    model: 'Hello [1], you have [2] new messages',
  },
  {
    ecosystem: 'Laravel JSON',
    file: 'en.json',
    content: JSON.stringify({ welcome: 'Welcome back :name, you have :count tasks.' }),
    keep: [':name', ':count'],
    model: 'Welcome back [1], you have [2] tasks.',
  },
  {
    ecosystem: 'Go templates (go-i18n)',
    file: 'active.en.json',
    content: JSON.stringify({ greeting: '{{.Name}} has {{.Count}} unread messages' }),
    keep: ['{{.Name}}', '{{.Count}}'],
    model: '[1] has [2] unread messages',
  },
];

describe('placeholders of the big ecosystems', () => {
  for (const { ecosystem, file, content, keep, model } of CASES) {
    it(`${ecosystem}: one sentence to the model, every placeholder back once`, async () => {
      // A PO file escapes quotes in its strings: read them as the catalogue's reader does.
      const translated = (await translateFile(file, content)).replaceAll('\\"', '"');
      expect(served.translator.sentences()).toEqual([model]);
      for (const placeholder of keep) {
        expect(translated.split(placeholder).length - 1, placeholder).toBeGreaterThanOrEqual(1);
      }
      expect(translated).toContain(translateLikeUpper(model, keep));
    });
  }

  it('keeps "50% less" in running prose as words', async () => {
    await translateFile('prose.json', JSON.stringify({ ad: 'Now 50% less sugar and 20 % more fruit!' }));
    expect(served.translator.sentences()).toEqual(['Now 50% less sugar and 20 % more fruit!']);
  });
});

/** What the recording translator answers for `model`, with the placeholders put back. */
function translateLikeUpper(model: string, keep: string[]): string {
  return model.toUpperCase().replace(/\[(\d+)\]/g, (_, n: string) => keep[Number(n) - 1]!);
}

describe('a real catalogue, at the default limits', () => {
  it('takes a 124,000-character PO catalogue and reports progress with the time left', async () => {
    // The size of git's Greek catalogue: c-format messages with placeholders, as git ships them.
    const entries: string[] = [];
    let characters = 0;
    for (let i = 0; characters < 124_000; i++) {
      const msgid = `could not read object %s for entry number ${i} in '%s': the index may be corrupt`;
      entries.push(`#, c-format\nmsgid "${msgid}"\nmsgstr ""\n`);
      characters += msgid.length;
    }
    const content = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n${entries.join('\n')}`;
    const response = await fetch(`${served.base}/api/v1/translate/document?stream=1`, {
      method: 'POST',
      body: uploadForm('git.el.po', content, { source_language: 'eng_Latn', target_language: 'ell_Grek' }),
    });
    expect(response.status).toBe(200);
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map(
        (line) =>
          JSON.parse(line.slice(6)) as { type: string; done?: number; total?: number; seconds_left?: number },
      );
    const progress = events.filter((event) => event.type === 'progress');
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.at(-1)).toMatchObject({ done: progress.at(-1)!.total });
    expect(progress.some((event) => (event.seconds_left ?? 0) >= 1)).toBe(true);
    expect(events.at(-1)?.type).toBe('done');
    // Every message reached the model as one sentence with its two placeholders held.
    expect(
      served.translator
        .sentences()
        .every((sentence) => /^could not read object \[1\] .* '\[2\]': /.test(sentence)),
    ).toBe(true);
  });
});
