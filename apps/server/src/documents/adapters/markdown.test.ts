import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';
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
