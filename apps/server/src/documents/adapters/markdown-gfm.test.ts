import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';
import { definedLabels } from './markdown-references.ts';

/** Segments and upper-cased output of a Markdown file. */
async function read(markdown: string) {
  const { text, prepared } = await translateFile('gfm.md', markdown);
  return { text, segments: prepared.segments };
}

describe('markdown: URLs are never words', () => {
  it.each([
    ['http://localhost:3000/docs', 'a host without a dot'],
    ['https://example.org:port/path', 'a port that is not a number'],
    ['git+ssh://git@github.com/a/b.git', 'any scheme'],
    ['chrome://flags', 'a browser URL'],
    ['www.example.org/a_b', 'www. without a scheme'],
    ['team@example.org', 'an e-mail address'],
    ['mailto:team@example.org', 'mailto:'],
  ])('leaves %s alone (%s)', async (url) => {
    const { text, segments } = await read(`Open ${url} to read more.\n`);
    expect(text).toBe(`OPEN ${url} TO READ MORE.\n`);
    expect(segments.join(' ')).not.toContain(url);
  });

  it('ends a URL before the punctuation and unbalanced parentheses of the sentence', async () => {
    const { text } = await read('See (https://x.org/a_(b)), then _www.x.org_ and https://x.org/a&amp;.\n');
    expect(text).toBe('SEE (https://x.org/a_(b)), THEN _www.x.org_ AND https://x.org/a&amp;.\n');
  });

  it('keeps a URL that is the text of a link, and its target', async () => {
    const { text } = await read(
      'See [https://x.org/r](https://x.org/r) or [docs at https://x.org/](https://x.org/).\n',
    );
    expect(text).toBe(
      'SEE [https://x.org/r](https://x.org/r) OR [DOCS AT https://x.org/](https://x.org/).\n',
    );
  });

  it('does not take a word that merely contains :// or @ for a link', async () => {
    const { segments } = await read('The prefix "http://" and user@ are words here.\n');
    expect(segments).toEqual(['The prefix "http://" and user@ are words here.']);
  });
});

describe('markdown: links and references', () => {
  it('keeps the target of a link whose text holds brackets', async () => {
    const { text } = await read('- [parse(source[, options])](docs/parsing.md#parse)\n');
    expect(text).toBe('- [PARSE(SOURCE\\[, OPTIONS\\])](docs/parsing.md#parse)\n');
  });

  it('translates the text of defined references and keeps their labels; undefined ones are text', async () => {
    const markdown = 'Read [the guide][g] and [nothing][missing].\n\n[g]: https://x.org/g\n';
    const { text } = await read(markdown);
    expect(text).toBe('READ [THE GUIDE][g] AND \\[NOTHING\\]\\[MISSING\\].\n\n[g]: https://x.org/g\n');
  });

  it('gives a reference by its own text that text as its label, so it still finds its definition', async () => {
    const markdown =
      'See [the *big* guide], [Guide][] and [1].\n\n[the *big* guide]: /g\n[guide]: /h\n[1]: /1\n';
    const { text } = await read(markdown);
    expect(text).toBe(
      'SEE [THE *BIG* GUIDE][the *big* guide], [GUIDE][Guide] AND [1].\n\n[the *big* guide]: /g\n[guide]: /h\n[1]: /1\n',
    );
  });

  it('writes the label of a reference before text that follows its bracket directly', async () => {
    const { text } = await read('Use [PostCSS]’s plugins.\n\n[PostCSS]: https://postcss.org\n');
    expect(text).toBe('USE [POSTCSS][PostCSS]’S PLUGINS.\n\n[PostCSS]: https://postcss.org\n');
  });

  it('finds definitions in quotes and lists, with any case and spacing', () => {
    expect(definedLabels('> [Some  Label]: /a\n- [other]: /b\n    [code]: /c\ntext [no]: /d\n')).toEqual(
      new Set(['SOME LABEL', 'OTHER', 'CODE']),
    );
  });
});

describe('markdown: GitHub extensions', () => {
  it('keeps footnote references and labels, and translates the notes', async () => {
    const markdown =
      'A claim[^note] and another[^2].\n\n[^note]: The source\n    goes on here.\n\n[^2]: Second note.\n';
    const { text, segments } = await read(markdown);
    expect(segments).toEqual(['A claim', 'and another', 'The source goes on here.', 'Second note.']);
    expect(text).toBe(
      'A CLAIM[^note] AND ANOTHER[^2].\n\n[^note]: THE SOURCE GOES ON HERE.\n\n[^2]: SECOND NOTE.\n',
    );
  });

  it('reads [^1][label] as a link whose text is ^1', async () => {
    const { text } = await read('As shown [^1][ref].\n\n[ref]: https://x.org\n');
    expect(text).toBe('AS SHOWN [^1][ref].\n\n[ref]: https://x.org\n');
  });

  it('keeps single- and double-tilde strikethrough', async () => {
    const { text, segments } = await read('Now ~old~ and ~~older~~ prices.\n');
    expect(segments).toEqual(['Now', 'old', 'and', 'older', 'prices.']);
    expect(text).toBe('NOW ~OLD~ AND ~~OLDER~~ PRICES.\n');
  });

  it('keeps alert markers', async () => {
    const { text } = await read('> [!WARNING]\n> Back up your files first.\n');
    expect(text).toBe('> [!WARNING]\n> BACK UP YOUR FILES FIRST.\n');
  });
});

describe('markdown: an unchanged translation', () => {
  it('gives back the file byte for byte', async () => {
    const markdown =
      '---\r\ntitle: x\r\n---\r\n# Title\r\n\r\nSee [the guide], ~old~ and https://x.org.[^1]\r\n> quote\r\n> *more*\r\n\r\n[the guide]: /g\r\n[^1]: Note.\r\n';
    const { text } = await translateFile('same.md', markdown, { translate: async (texts) => texts });
    expect(text).toBe(markdown);
  });
});
