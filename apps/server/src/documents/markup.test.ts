import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKERS } from '../translation/inline-codes.ts';
import { extractMarkup } from './markup.ts';

/** Segments with their inline codes shown as `·`. */
const shown = (segments: readonly string[]) => segments.map((text) => text.replace(MARKERS, '·'));

/** The markup of a string: every tag, comment and entity-free skeleton, in order. */
const tagsOf = (markup: string) => markup.match(/<[^>]*>/g) ?? [];

/** A translator that makes text longer and hostile: markup characters and our own-looking tokens. */
const hostile = (segments: readonly string[]) => segments.map((text) => `«${text}» <b> & </i> ⟦0⟧`);

describe('text requests in HTML and XML', () => {
  it('HTML: text and alt/title translated; tags, code, comments, translate="no" kept', () => {
    const html =
      '<p class="x">Hello <b>world</b>, see <a href="/a?b=1&amp;c=2" title="Home page">home</a>.</p>' +
      '<!-- a note --><code>npm ci</code><span translate="no">Sema Team</span>' +
      '<div class="notranslate">Keep me</div><img alt="A red house" src="h.png"><script>let a = "b";</script>';
    const extracted = extractMarkup(html, 'html');
    // The paragraph is one sentence with its tags held inside; attributes are their own segments.
    expect(shown(extracted.segments)).toEqual(['Home page', 'Hello ·world·, see ·home·.', 'A red house']);
    const rebuilt = extracted.rebuild(extracted.segments.map((text) => text.toUpperCase()));
    expect(rebuilt).toBe(
      '<p class="x">HELLO <b>WORLD</b>, SEE <a href="/a?b=1&amp;c=2" title="HOME PAGE">HOME</a>.</p>' +
        '<!-- a note --><code>npm ci</code><span translate="no">Sema Team</span>' +
        '<div class="notranslate">Keep me</div><img alt="A RED HOUSE" src="h.png"><script>let a = "b";</script>',
    );
  });

  it('XML: text translated, entities decoded and escaped again, CDATA and ignore_tags kept', () => {
    const xml =
      '<?xml version="1.0"?><doc><p>Fish &amp; chips</p><x:code>keep</x:code><![CDATA[raw <text>]]><b/>end</doc>';
    const extracted = extractMarkup(xml, 'xml', ['x:code']);
    // `&amp;` is held as it was written: a model that drops `&` cannot drop it.
    expect(shown(extracted.segments)).toEqual(['Fish · chips', 'end']);
    expect(
      extracted.rebuild([
        extracted.segments[0]!.replace('Fish', 'Samaki').replace('chips', 'chipsi'),
        'mwisho',
      ]),
    ).toBe(
      '<?xml version="1.0"?><doc><p>Samaki &amp; chipsi</p><x:code>keep</x:code><![CDATA[raw <text>]]><b/>mwisho</doc>',
    );
  });

  it("brings Weblate's escaped text back with every reference, from a model that drops & and quotes", () => {
    // Weblate's DeepL machinery: html.escape'd text with tag_handling xml.
    const sent = 'Tom&#x27;s &quot;quote&quot; &amp; &lt;b&gt;co&lt;/b&gt;';
    for (const format of ['xml', 'html'] as const) {
      const extracted = extractMarkup(sent, format);
      expect(shown(extracted.segments), format).toEqual(['Tom\'s "quote" · ·co·']);
      const dropsAmpersand = extracted.segments.map((text) =>
        text.replaceAll('&', '').replace('Tom', 'Tomu'),
      );
      expect(extracted.rebuild(dropsAmpersand), format).toBe(
        'Tomu&#x27;s &quot;quote&quot; &amp; &lt;b&gt;co&lt;/b&gt;',
      );
    }
  });

  it('never loses, duplicates or unbalances a tag, whatever the translations hold', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z ,.&]{0,12}$/);
    const element = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        word,
        fc
          .tuple(fc.constantFrom('b', 'i', 'a', 'span', 'p', 'em'), fc.array(tie('node'), { maxLength: 3 }))
          .map(([tag, children]) => `<${tag}>${children.join('')}</${tag}>`),
      ),
    })).node;
    fc.assert(
      fc.property(
        fc.array(element, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('html', 'xml'),
        (parts, format) => {
          const markup = parts.map((part) => part.replace(/&/g, '&amp;')).join('');
          const extracted = extractMarkup(markup, format as 'html' | 'xml');
          const rebuilt = extracted.rebuild(hostile(extracted.segments));
          expect(tagsOf(rebuilt.replace(/&lt;[^&]*&gt;/g, ''))).toEqual(tagsOf(markup));
        },
      ),
      { numRuns: 300 },
    );
  });
});
