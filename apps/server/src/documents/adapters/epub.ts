import { packageAdapter } from './office-package.ts';
import { htmlAsText } from './reading-text.ts';
import { extractXml } from './xml.ts';
import { setElementLanguage, setRootLanguage } from './xml-language.ts';
import { DUBLIN_CORE_TEXT, extractRuns } from './xml-runs.ts';

/**
 * EPUB 2 and 3 (.epub): every XHTML document (chapters and the EPUB 3 navigation document) is
 * translated as XML (xml.ts: text between tags and the `alt`, `title` and `aria-label` attributes,
 * markup byte for byte, `translate="no"` respected, code kept), the EPUB 2 table of contents (toc.ncx) likewise, and the package document's title,
 * subject and description. The language is written where the book records it: `dc:language` in the
 * package document and `xml:lang`/`lang` on each XHTML root. Images, fonts, CSS and the `mimetype`
 * entry (stored first, as readers require) are copied as they are.
 */
const CHAPTER = /\.(?:xhtml|html|htm|xht)$/i;
const KEPT_IN_CHAPTERS = ['script', 'style', 'pre', 'code', 'kbd', 'samp', 'var', 'math', 'svg'];
/** Attributes of a chapter that hold words a reader sees or hears (image descriptions, tooltips). */
const TEXT_ATTRIBUTES = ['alt', 'title', 'aria-label'];

export const epubAdapter = packageAdapter({
  format: 'epub',
  mimeType: 'application/epub+zip',
  kind: 'an EPUB book',
  marker: { entry: 'mimetype', content: 'application/epub+zip' },
  allowsDoctype: true,
  // Read: the chapters in the order the zip holds them (writers store them in reading order); the
  // navigation document is the table of contents, not the book's first words.
  preview: {
    parts: (name) => CHAPTER.test(name),
    read: (xhtml) => (/epub:type\s*=\s*["']toc["']/.test(xhtml) ? '' : htmlAsText(xhtml)),
  },
  textPart(name) {
    if (CHAPTER.test(name)) return (xml) => extractXml(xml, KEPT_IN_CHAPTERS, TEXT_ATTRIBUTES);
    if (name.toLowerCase().endsWith('.ncx')) return (xml) => extractXml(xml, ['head']);
    if (name.toLowerCase().endsWith('.opf')) return (xml) => extractRuns(xml, DUBLIN_CORE_TEXT);
    return undefined;
  },
  setLanguage(name, xml, language) {
    if (CHAPTER.test(name)) return setRootLanguage(xml, 'html', language);
    if (name.toLowerCase().endsWith('.ncx')) return setRootLanguage(xml, 'ncx', language);
    return setElementLanguage(xml, 'dc:language', language);
  },
});
