import { PIXEL_PNG } from './make-docx.ts';
import { zipFixture } from './zip-fixture.ts';

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
  'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"',
].join(' ');

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';

const content = (body: string) =>
  `${XML}<office:document-content ${NS} office:version="1.3"><office:automatic-styles><style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style><style:style style:name="T2" style:family="text"><style:text-properties fo:color="#1f4e79"/></style:style></office:automatic-styles><office:body>${body}</office:body></office:document-content>`;

/** An OpenDocument package as LibreOffice writes one: `mimetype` first and stored, then the parts. */
function odf(mimeType: string, body: string, title: string): Uint8Array {
  return zipFixture(
    {
      mimetype: mimeType,
      'content.xml': content(body),
      'styles.xml': `${XML}<office:document-styles ${NS} office:version="1.3"><office:styles><style:default-style style:family="paragraph"><style:text-properties fo:language="en" fo:country="US"/></style:default-style></office:styles><office:master-styles><style:master-page style:name="Standard"><style:header><text:p>Company confidential</text:p></style:header><style:footer><text:p>Page <text:page-number text:select-page="current">1</text:page-number></text:p></style:footer></style:master-page></office:master-styles></office:document-styles>`,
      'meta.xml': `${XML}<office:document-meta ${NS} office:version="1.3"><office:meta><meta:generator>LibreOffice/7.6</meta:generator><dc:title>${title}</dc:title><dc:language>en-US</dc:language><meta:initial-creator>Ana Silva</meta:initial-creator></office:meta></office:document-meta>`,
      'Pictures/image1.png': PIXEL_PNG,
      'META-INF/manifest.xml': `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimeType}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    },
    ['mimetype'],
  );
}

/**
 * A text document: a heading; a sentence LibreOffice split into two spans with the same style; a
 * bold word; a footnote; a link; a tab; a table with a number cell; non-ASCII; an image frame with a
 * caption; a header and a footer with a page-number field in styles.xml.
 */
export function makeOdt(): Uint8Array {
  return odf(
    'application/vnd.oasis.opendocument.text',
    '<office:text>' +
      '<text:h text:style-name="Heading_20_1" text:outline-level="1">Annual report</text:h>' +
      '<text:p text:style-name="Standard"><text:span text:style-name="T2">This sentence was </text:span><text:span text:style-name="T2">split in two.</text:span></text:p>' +
      '<text:p text:style-name="Standard">Sales were <text:span text:style-name="T1">very</text:span> good this year.</text:p>' +
      '<text:p text:style-name="Standard">See the note<text:note text:id="ftn1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p text:style-name="Footnote">Figures are unaudited.</text:p></text:note-body></text:note> for details.</text:p>' +
      '<text:p text:style-name="Standard">Visit <text:a xlink:type="simple" xlink:href="https://example.com/">our website</text:a> today.</text:p>' +
      '<text:p text:style-name="Standard">Name<text:tab/>Value</text:p>' +
      '<table:table table:name="Results"><table:table-column table:number-columns-repeated="2"/><table:table-row><table:table-cell office:value-type="string"><text:p>Region</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="2024"><text:p>2024</text:p></table:table-cell></table:table-row></table:table>' +
      '<text:p text:style-name="Standard">Café crème &amp; naïve façade</text:p>' +
      '<text:p text:style-name="Standard"><draw:frame draw:name="Image1" text:anchor-type="as-char"><draw:image xlink:href="Pictures/image1.png"/><svg:title xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0">logo</svg:title></draw:frame>Our logo</text:p>' +
      '</office:text>',
    'Annual report',
  );
}

/**
 * A spreadsheet with two sheets: strings, a number, a date shown as words, a currency, a sum
 * formula, a string formula and a comment on a cell.
 */
export function makeOds(): Uint8Array {
  const row = (cells: string) => `<table:table-row>${cells}</table:table-row>`;
  const text = (value: string) =>
    `<table:table-cell office:value-type="string"><text:p>${value}</text:p></table:table-cell>`;
  return odf(
    'application/vnd.oasis.opendocument.spreadsheet',
    '<office:spreadsheet>' +
      '<table:table table:name="Sales">' +
      row(text('Region') + text('Revenue') + text('Date')) +
      row(
        text('North') +
          '<table:table-cell office:value-type="float" office:value="1234.5"><text:p>1234.5</text:p></table:table-cell>' +
          '<table:table-cell office:value-type="date" office:date-value="2024-01-15"><text:p>Monday, January 15, 2024</text:p></table:table-cell>',
      ) +
      row(
        '<table:table-cell office:value-type="string"><office:annotation><dc:creator>Ana Silva</dc:creator><dc:date>2024-01-15T10:00:00</dc:date><text:p>Check this region</text:p></office:annotation><text:p>South</text:p></table:table-cell>' +
          '<table:table-cell office:value-type="currency" office:currency="EUR" office:value="12"><text:p>EUR 12.00</text:p></table:table-cell>',
      ) +
      row(
        text('Total') +
          '<table:table-cell table:formula="of:=SUM([.B2:.B3])" office:value-type="float" office:value="1246.5"><text:p>1246.5</text:p></table:table-cell>' +
          '<table:table-cell table:formula="of:=&quot;Total &quot;&amp;[.B4]" office:value-type="string" office:string-value="Total 1246.5"><text:p>Total 1246.5</text:p></table:table-cell>',
      ) +
      '</table:table>' +
      `<table:table table:name="Notes">${row(text('Prepared by the finance team.'))}</table:table>` +
      '</office:spreadsheet>',
    'Sales figures',
  );
}

/** A presentation: a title, a bulleted list with a bold word, speaker notes. */
export function makeOdp(): Uint8Array {
  const frame = (kind: string, paragraphs: string) =>
    `<draw:frame presentation:class="${kind}"><draw:text-box>${paragraphs}</draw:text-box></draw:frame>`;
  return odf(
    'application/vnd.oasis.opendocument.presentation',
    '<office:presentation><draw:page draw:name="page1" draw:master-page-name="Default">' +
      frame('title', '<text:p>Quarterly results</text:p>') +
      frame(
        'outline',
        '<text:list><text:list-item><text:p>Sales grew in every region</text:p></text:list-item><text:list-item><text:p>The team was <text:span text:style-name="T1">excellent</text:span></text:p></text:list-item></text:list>',
      ) +
      `<presentation:notes><draw:page-thumbnail draw:page-number="1"/>${frame('notes', '<text:p>Remember to thank the team.</text:p>')}</presentation:notes>` +
      '</draw:page></office:presentation>',
    'Quarterly results',
  );
}
