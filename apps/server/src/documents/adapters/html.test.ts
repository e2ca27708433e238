import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';

const html = `<!DOCTYPE html>
<html lang="en">
<head><title>Welcome page</title>
<style>p { content: "Do not touch"; }</style>
<script>const message = "Do not touch either";</script></head>
<body class="main" data-x='1'>
  <!-- a comment stays -->
  <h1 id="top">Hello &amp; welcome</h1>
  <p>Read <a href="/guide" title="Open the guide">the guide</a> now.</p>
  <img src="cat.png" alt='A sleeping cat'>
  <pre>keep   this</pre>
  <p translate="no">Brand Name</p>
  <p class="x notranslate">Other Brand</p>
  <code>npm install</code>
  <input placeholder="Your name">
</body>
</html>`;

describe('html adapter', () => {
  it('translates text nodes and alt/title/placeholder attributes', async () => {
    const { text } = await translateFile('page.html', html);
    expect(text).toContain('<title>WELCOME PAGE</title>');
    expect(text).toContain('<h1 id="top">HELLO &amp; WELCOME</h1>');
    expect(text).toContain('<p>READ <a href="/guide" title="OPEN THE GUIDE">THE GUIDE</a> NOW.</p>');
    expect(text).toContain('<img src="cat.png" alt=\'A SLEEPING CAT\'>');
    expect(text).toContain('<input placeholder="YOUR NAME">');
  });

  it('leaves tags, scripts, styles, comments, code and opted-out elements byte for byte', async () => {
    const { text, prepared } = await translateFile('page.html', html);
    const untouched = [
      '<!DOCTYPE html>\n<html lang="en">',
      '<style>p { content: "Do not touch"; }</style>',
      '<script>const message = "Do not touch either";</script>',
      `<body class="main" data-x='1'>`,
      '<!-- a comment stays -->',
      '<pre>keep   this</pre>',
      '<p translate="no">Brand Name</p>',
      '<p class="x notranslate">Other Brand</p>',
      '<code>npm install</code>',
    ];
    for (const piece of untouched) expect(text).toContain(piece);
    expect(prepared.segments).not.toContain('Brand Name');
    // Upper-casing keeps lengths, so an equal length shows that nothing was added or dropped.
    expect(text.length).toBe(html.length);
  });

  it('escapes markup characters in translations', async () => {
    const { text } = await translateFile('a.html', '<p title="x y">Hi there</p>', {
      translate: async (texts) => texts.map(() => '<b>"quoted" & more</b>'),
    });
    expect(text).toBe(
      '<p title="&lt;b>&quot;quoted&quot; &amp; more&lt;/b>">&lt;b&gt;"quoted" &amp; more&lt;/b&gt;</p>',
    );
  });
});
