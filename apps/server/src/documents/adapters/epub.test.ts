import { strToU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { epubcheckErrors, hasEpubcheck } from '../testing/format-tools.ts';
import { makeEpub } from '../testing/make-epub.ts';
import { translateFile } from '../testing/translate-file.ts';
import { zipFixture } from '../testing/zip-fixture.ts';
import { xmlSkeleton, xmlTexts } from '../testing/xml-structure.ts';

const decoder = new TextDecoder();

describe('epub adapter', () => {
  it('translates chapters, navigation, toc and title; sets the language; keeps markup and the rest', async () => {
    const source = makeEpub();
    const { output } = await translateFile('book.epub', source, { target: 'arb_Arab' });
    const bytes = output as Uint8Array;
    const before = unzipSync(source);
    const after = unzipSync(bytes);
    const part = (name: string) => decoder.decode(after[name]);
    const chapter1 = part('OEBPS/chapter1.xhtml');
    expect(xmlSkeleton(chapter1, ['xml:lang', 'lang', 'alt'])).toEqual(
      xmlSkeleton(decoder.decode(before['OEBPS/chapter1.xhtml']), ['xml:lang', 'lang', 'alt']),
    );
    expect(chapter1).toContain(
      '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ar" lang="ar">',
    );
    expect(chapter1).toContain('<p>THE WIND WAS <em>VERY</em> STRONG THAT NIGHT.</p>');
    expect(chapter1).toContain('<span translate="no">Tomás</span> LIT THE LAMP &amp; WAITED.');
    expect(chapter1).toContain('<!DOCTYPE html>');
    // The image's description is translated, escaped as the attribute's quote needs.
    expect(chapter1).toContain('<img src="images/lamp.png" alt="THE LAMP &amp; ITS GLASS"/>');
    const chapter2 = part('OEBPS/chapter2.xhtml');
    expect(chapter2).toContain(
      "THE SEA WAS CALM — <abbr title='AS YOU KNOW'>CAFÉ</abbr> AU LAIT, NAÏVE HOPE.",
    );
    expect(chapter2).toContain('<img src="images/lamp.png" alt=""/>');
    expect(chapter2).toContain('<code>log.write("dawn")</code>');
    expect(xmlTexts(part('OEBPS/nav.xhtml'), 'a')).toEqual(['THE STORM', 'MORNING']);
    const ncx = part('OEBPS/toc.ncx');
    expect(xmlTexts(ncx, 'text')).toEqual(['THE LIGHTHOUSE KEEPER', 'THE STORM', 'MORNING']);
    expect(ncx).toContain('<ncx xml:lang="ar" ');
    const opf = part('OEBPS/content.opf');
    expect(xmlTexts(opf, 'dc:title')).toEqual(['THE LIGHTHOUSE KEEPER']);
    expect(xmlTexts(opf, 'dc:creator')).toEqual(['Ana Silva']);
    expect(xmlTexts(opf, 'dc:language')).toEqual(['ar']);
    expect(xmlTexts(opf, 'dc:identifier')).toEqual(['urn:uuid:12345678-1234-1234-1234-123456789abc']);
    const changed = Object.keys(before).filter((name) => Buffer.compare(before[name]!, after[name]!) !== 0);
    expect(changed.sort()).toEqual([
      'OEBPS/chapter1.xhtml',
      'OEBPS/chapter2.xhtml',
      'OEBPS/content.opf',
      'OEBPS/nav.xhtml',
      'OEBPS/toc.ncx',
    ]);
    expect(Object.keys(after)[0]).toBe('mimetype');
    expect(bytes[8]).toBe(0); // stored, as readers require
  });

  it('keeps end tags written with whitespace and escapes < in translated attributes (epubcheck passes)', async (context) => {
    const source = unzipSync(makeEpub());
    const chapter = decoder
      .decode(source['OEBPS/chapter1.xhtml'])
      .replace('<em>very</em>', '<a href="chapter2.xhtml">very</a\t>')
      .replace('<h1 id="c1">The storm</h1>', '<h1 id="c1">The storm</h1\n>')
      .replace(
        '</head>',
        '<link rel="alternate stylesheet" type="text/css" href="style.css" title="Night mode"/></head>',
      );
    const book = zipFixture({ ...source, 'OEBPS/chapter1.xhtml': strToU8(chapter) }, ['mimetype']);
    const marks = async (texts: string[]) => texts.map((text) => `l'« ${text} » "a" & <b> #1: fin`);
    const { output } = await translateFile('book.epub', book, { translate: marks });
    const after = unzipSync(output as Uint8Array);
    const translated = decoder.decode(after['OEBPS/chapter1.xhtml']);
    expect(translated).toContain('</a\t>');
    // An alternate stylesheet's title is a name readers match, not text.
    expect(translated).toContain('title="Night mode"/>');
    expect(translated).toContain('</h1\n>');
    expect(translated).toContain('alt="l\'« The lamp &amp; its glass » &quot;a&quot; &amp; &lt;b> #1: fin"');
    expect(xmlSkeleton(translated, ['xml:lang', 'lang', 'alt'])).toEqual(
      xmlSkeleton(chapter, ['xml:lang', 'lang', 'alt']),
    );
    if (!hasEpubcheck()) context.skip();
    expect(epubcheckErrors(output as Uint8Array)).toBe('');
  }, 180_000);

  it('refuses entity declarations in a chapter, and a ZIP that is not a book', async () => {
    const bomb = zipFixture(
      {
        mimetype: 'application/epub+zip',
        'c.xhtml': '<!DOCTYPE html [<!ENTITY a "aaaa">]><html><body><p>&a;</p></body></html>',
      },
      ['mimetype'],
    );
    await expect(translateFile('bomb.epub', bomb)).rejects.toMatchObject({
      statusCode: 422,
      detail: expect.stringContaining('c.xhtml declares a DTD'),
    });
    await expect(
      translateFile('x.epub', zipFixture({ 'c.xhtml': strToU8('<p>x</p>') })),
    ).rejects.toMatchObject({
      statusCode: 422,
      detail: 'The file is a ZIP package but not an EPUB book (it has no mimetype).',
    });
  });
});
