import { describe, expect, it } from 'vitest';
import { testLimits, translateFile } from '../testing/translate-file.ts';
import { escapeMarkdown } from './markdown.ts';

const markdown = `---
title: Release notes
---

# Getting started

Install the *fast* package and read [the guide](https://example.org/guide "Guide").
See https://example.org/raw for details.

- First item with \`inline code\`
- Second item
  continued here

> A quoted line
> that continues.

| Name | Meaning |
| ---- | ------- |
| cat  | A small animal |

\`\`\`js
const greeting = 'Hello world';
\`\`\`

<div class="note">Raw HTML stays</div>

Tom &amp; Jerry ~~old~~ new.
`;

describe('markdown adapter', () => {
  it('translates text only: headings, lists, links, tables and emphasis keep their markup', async () => {
    const { text } = await translateFile('notes.md', markdown);
    expect(text).toContain('# GETTING STARTED\n');
    expect(text).toContain(
      'INSTALL THE *FAST* PACKAGE AND READ [THE GUIDE](https://example.org/guide "Guide").',
    );
    expect(text).toContain('- FIRST ITEM WITH `inline code`\n');
    expect(text).toContain('| Name | Meaning |'.toUpperCase());
    expect(text).toContain('| ---- | ------- |');
    expect(text).toContain('| CAT  | A SMALL ANIMAL |');
    expect(text).toContain('~~OLD~~ NEW.');
  });

  it('leaves code blocks, inline code, raw HTML, front matter and bare URLs byte for byte', async () => {
    const { text, prepared } = await translateFile('notes.md', markdown);
    expect(text.startsWith('---\ntitle: Release notes\n---\n')).toBe(true);
    expect(text).toContain("```js\nconst greeting = 'Hello world';\n```");
    expect(text).toContain('<div class="note">Raw HTML stays</div>');
    expect(text).toContain('SEE https://example.org/raw FOR DETAILS.');
    expect(prepared.segments.join(' ')).not.toMatch(
      /Hello world|Raw HTML|Release notes|example\.org|inline code/,
    );
  });

  it('joins soft-wrapped lines of a paragraph into one segment and keeps the container', async () => {
    const { text, prepared } = await translateFile('notes.md', markdown);
    expect(prepared.segments).toContain('A quoted line that continues.');
    expect(text).toContain('> A QUOTED LINE THAT CONTINUES.\n');
    expect(text).toContain('- SECOND ITEM CONTINUED HERE\n');
  });

  it('decodes entities for the model and escapes the translation back', async () => {
    const { text, prepared } = await translateFile('notes.md', markdown);
    expect(prepared.segments).toContain('Tom & Jerry');
    expect(text).toContain('TOM & JERRY ~~OLD~~');
  });

  it('escapes characters that would turn a translation into markup', async () => {
    const { text } = await translateFile('t.md', '# Title\n\nPlain words here.\n', {
      translate: async (texts) => texts.map((t) => (t === 'Title' ? '1. *Not* a list' : '<b>x</b> | y')),
    });
    expect(text).toBe('# 1\\. \\*Not\\* a list\n\n\\<b>x\\</b> | y\n');
    expect(escapeMarkdown('a | b', true)).toBe('a \\| b');
  });
});

describe('markdown adapter: large and nested documents', () => {
  it('round-trips thousands of nested list items with every marker, link and emphasis in place', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => {
      const indent = '  '.repeat(i % 3);
      const marker = i % 2 === 0 ? '-' : `${i}.`;
      return `${indent}${marker} *Item ${i}* is [here](https://x.org/${i}) and \`code ${i}\``;
    });
    const { text, prepared } = await translateFile('list.md', `${lines.join('\n')}\n`, {
      limits: { ...testLimits, maxChars: 1_000_000 },
    });
    expect(prepared.segments).toHaveLength(12_000);
    const expected = lines.map((line) =>
      line.replace(/\*Item (\d+)\* is \[here\]/, '*ITEM $1* IS [HERE]').replace(/\) and `/, ') AND `'),
    );
    expect(text).toBe(`${expected.join('\n')}\n`);
  });

  it('keeps a long table: pipes, the delimiter row and alignment, with pipes in translations escaped', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `| cat ${i} | A small *animal* |`);
    const table = `| Name | Meaning |\n| :--- | ------: |\n${rows.join('\n')}\n`;
    const { text, prepared } = await translateFile('table.md', table, {
      translate: async (texts) => texts.map((t) => (t === 'Meaning' ? 'Sense | gist' : t.toUpperCase())),
      limits: { ...testLimits, maxChars: 1_000_000 },
    });
    expect(prepared.segments).toHaveLength(2 + 3000);
    expect(text.split('\n').slice(0, 3)).toEqual([
      '| NAME | Sense \\| gist |',
      '| :--- | ------: |',
      '| CAT 0 | A SMALL *ANIMAL* |',
    ]);
    expect(text.split('\n')).toHaveLength(1003);
  });

  it('reads lists and quotes nested hundreds of levels deep', async () => {
    const lists = Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    const quotes = `${'> '.repeat(5000)}deep words\n`;
    const { text: listText } = await translateFile('lists.md', lists);
    expect(listText).toBe(lists.replace(/level/g, 'LEVEL'));
    const { text: quoteText } = await translateFile('quotes.md', quotes);
    expect(quoteText).toBe(`${'> '.repeat(5000)}DEEP WORDS\n`);
  });

  it('refuses, with a clear reason, emphasis nested deeper than the parser can build', async () => {
    const nested = `${'*'.repeat(60_000)}a${'*'.repeat(60_000)}`;
    await expect(translateFile('deep.md', nested)).rejects.toMatchObject({
      statusCode: 422,
      code: 'INVALID_DOCUMENT',
      detail: 'The Markdown is nested too deeply to be read.',
    });
  });
});

describe('markdown adapter: line breaks and containers', () => {
  it('keeps a soft line break and its quote marker where a run of text meets markup', async () => {
    const { text } = await translateFile(
      'q.md',
      '> quoted text\n> *em* more\n\n- item text\n  [link](u) after\n',
    );
    expect(text).toBe('> QUOTED TEXT\n> *EM* MORE\n\n- ITEM TEXT\n  [LINK](u) AFTER\n');
  });

  it('keeps a setext heading and its underline inside a quote', async () => {
    const { text, prepared } = await translateFile('s.md', '> MIT License\n> -----------\n>\n> Permission\n');
    expect(prepared.segments).toEqual(['MIT License', 'Permission']);
    expect(text).toBe('> MIT LICENSE\n> -----------\n>\n> PERMISSION\n');
  });

  it('keeps CRLF and CR line endings byte for byte and reads the text as with LF', async () => {
    const lf =
      '---\ntitle: x\n---\n# Title\n\n> a quote\n> goes on\n\nline one  \nline two\n\n| a | b |\n|---|---|\n| c | d |\n';
    const fromLf = await translateFile('lf.md', lf);
    for (const eol of ['\r\n', '\r']) {
      const { text, prepared } = await translateFile('crlf.md', lf.replace(/\n/g, eol));
      expect(prepared.segments).toEqual(fromLf.prepared.segments);
      expect(text).toBe(fromLf.text.replace(/\n/g, eol));
    }
    expect(fromLf.prepared.segments).toEqual([
      'Title',
      'a quote goes on',
      'line one',
      'line two',
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('skips YAML and TOML front matter, but only when it is closed', async () => {
    const toml = await translateFile('t.md', '+++\ntitle = "Keep me"\n+++\nTranslate me\n');
    expect(toml.text).toBe('+++\ntitle = "Keep me"\n+++\nTRANSLATE ME\n');
    const unclosed = await translateFile('u.md', '---\nNot front matter\n');
    expect(unclosed.prepared.segments).toEqual(['Not front matter']);
  });

  it('keeps hard breaks, inline HTML, task markers and escapes', async () => {
    const { text, prepared } = await translateFile(
      'm.md',
      '- [ ] buy milk\n- [x] done\n\nfirst line\\\nsecond <kbd>Ctrl</kbd> key \\*not emphasis\\* &copy; &#12345678;\n',
    );
    expect(prepared.segments).toContain('key *not emphasis* © &#12345678;');
    expect(text).toBe(
      '- [ ] BUY MILK\n- [x] DONE\n\nFIRST LINE\\\nSECOND <kbd>CTRL</kbd> KEY \\*NOT EMPHASIS\\* © &amp;#12345678;\n',
    );
  });
});
