import { PIXEL_PNG } from './make-docx.ts';
import { zipFixture } from './zip-fixture.ts';

const XHTML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n';

const chapter = (title: string, body: string) =>
  `${XHTML_HEAD}<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en"><head><title>${title}</title><link rel="stylesheet" type="text/css" href="style.css"/></head><body>${body}</body></html>`;

/**
 * An EPUB 3 book as e-book tools write one: `mimetype` first and stored, container.xml, a package
 * document with a title, a creator and an identifier, the EPUB 3 navigation document and the EPUB 2
 * toc.ncx, two chapters (inline markup, an image with alt text, code, a `translate="no"` name,
 * non-ASCII), a stylesheet and an image.
 */
export function makeEpub(): Uint8Array {
  return zipFixture(
    {
      mimetype: 'application/epub+zip',
      'META-INF/container.xml':
        '<?xml version="1.0" encoding="UTF-8"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      'OEBPS/content.opf':
        '<?xml version="1.0" encoding="UTF-8"?>\n<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:uuid:12345678-1234-1234-1234-123456789abc</dc:identifier><dc:title>The Lighthouse Keeper</dc:title><dc:creator>Ana Silva</dc:creator><dc:language>en</dc:language><meta property="dcterms:modified">2024-01-15T10:00:00Z</meta></metadata>' +
        '<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/><item id="ch1" href="chapter1.xhtml" media-type="application/xhtml+xml"/><item id="ch2" href="chapter2.xhtml" media-type="application/xhtml+xml"/><item id="css" href="style.css" media-type="text/css"/><item id="img" href="images/lamp.png" media-type="image/png"/></manifest>' +
        '<spine toc="ncx"><itemref idref="ch1"/><itemref idref="ch2"/></spine></package>',
      'OEBPS/nav.xhtml': chapter(
        'Contents',
        '<nav epub:type="toc" id="toc"><h1>Contents</h1><ol><li><a href="chapter1.xhtml">The storm</a></li><li><a href="chapter2.xhtml">Morning</a></li></ol></nav>',
      ),
      'OEBPS/toc.ncx':
        '<?xml version="1.0" encoding="UTF-8"?>\n<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head><meta name="dtb:uid" content="urn:uuid:12345678-1234-1234-1234-123456789abc"/></head><docTitle><text>The Lighthouse Keeper</text></docTitle><navMap><navPoint id="p1" playOrder="1"><navLabel><text>The storm</text></navLabel><content src="chapter1.xhtml"/></navPoint><navPoint id="p2" playOrder="2"><navLabel><text>Morning</text></navLabel><content src="chapter2.xhtml"/></navPoint></navMap></ncx>',
      'OEBPS/chapter1.xhtml': chapter(
        'The storm',
        '<h1 id="c1">The storm</h1><p>The wind was <em>very</em> strong that night.</p><p>Old <span translate="no">Tomás</span> lit the lamp &amp; waited.</p><figure><img src="images/lamp.png" alt="The lamp &amp; its glass"/><figcaption>The lamp at dusk</figcaption></figure>',
      ),
      'OEBPS/chapter2.xhtml': chapter(
        'Morning',
        '<h1 id="c2">Morning</h1><p>The sea was calm — <abbr title=\'as you know\'>café</abbr> au lait, naïve hope.</p><img src="images/lamp.png" alt=""/><pre><code>log.write("dawn")</code></pre>',
      ),
      'OEBPS/style.css': 'body { font-family: serif; }\nh1 { text-align: center; }\n',
      'OEBPS/images/lamp.png': PIXEL_PNG,
    },
    ['mimetype'],
  );
}
