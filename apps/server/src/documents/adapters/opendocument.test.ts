import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makeOdp, makeOds, makeOdt } from '../testing/make-odf.ts';
import { translateFile } from '../testing/translate-file.ts';
import { xmlSkeleton, xmlTexts } from '../testing/xml-structure.ts';
import { MARKERS } from '../../translation/inline-codes.ts';

const decoder = new TextDecoder();

async function roundTrip(fileName: string, source: Uint8Array, target = 'fra_Latn') {
  const { prepared, output } = await translateFile(fileName, source, { target });
  const bytes = output as Uint8Array;
  const before = unzipSync(source);
  const after = unzipSync(bytes);
  const part = (name: string) => decoder.decode(after[name]);
  /** A translated part, once its XML structure is checked to be the original's. */
  const sameShapePart = (name: string) => {
    expect(xmlSkeleton(part(name))).toEqual(xmlSkeleton(decoder.decode(before[name])));
    return part(name);
  };
  const changed = Object.keys(before).filter((name) => Buffer.compare(before[name]!, after[name]!) !== 0);
  return { prepared, bytes, part, sameShapePart, changed };
}

/** Heading texts, then paragraph texts (a footnote's paragraph is part of the one it is anchored in). */
const paragraphs = (xml: string) => [...xmlTexts(xml, 'text:h'), ...xmlTexts(xml, 'text:p')];

describe('OpenDocument adapters', () => {
  it('odt: translates the body, footnotes, header and title; keeps styles, fields and structure', async () => {
    const source = makeOdt();
    const { prepared, part, sameShapePart, changed, bytes } = await roundTrip(
      'report.odt',
      source,
      'arb_Arab',
    );
    expect(prepared.segments.map((segment) => segment.replace(MARKERS, '·'))).toEqual(
      expect.arrayContaining([
        'Annual report',
        // Two spans with the same style are one sentence; so is one with a bold span, held as codes.
        'This sentence was split in two.',
        'Sales were ·very· good this year.',
        'Figures are unaudited.',
        'our website',
        'Café crème & naïve façade',
        'Company confidential',
      ]),
    );
    expect(prepared.segments).not.toContain('1');
    const content = sameShapePart('content.xml');
    sameShapePart('styles.xml');
    expect(paragraphs(content)).toEqual([
      'ANNUAL REPORT',
      'THIS SENTENCE WAS SPLIT IN TWO.',
      'SALES WERE VERY GOOD THIS YEAR.',
      'SEE THE NOTE1FIGURES ARE UNAUDITED. FOR DETAILS.',
      'VISIT OUR WEBSITE TODAY.',
      'NAMEVALUE',
      'REGION',
      '2024',
      'CAFÉ CRÈME & NAÏVE FAÇADE',
      'LOGOOUR LOGO',
    ]);
    expect(content).toContain('<text:note-citation>1</text:note-citation>');
    expect(content).toContain('<text:span text:style-name="T1">VERY</text:span>');
    expect(xmlTexts(part('styles.xml'), 'text:p')).toEqual(['COMPANY CONFIDENTIAL', 'PAGE 1']);
    const meta = part('meta.xml');
    expect(xmlTexts(meta, 'dc:title')).toEqual(['ANNUAL REPORT']);
    expect(xmlTexts(meta, 'dc:language')).toEqual(['ar']);
    expect(xmlTexts(meta, 'meta:initial-creator')).toEqual(['Ana Silva']);
    expect(changed.sort()).toEqual(['content.xml', 'meta.xml', 'styles.xml']);
    // Readers find the kind of document in the first entry, `mimetype`, stored uncompressed.
    expect(decoder.decode(bytes.subarray(30, 38))).toBe('mimetype');
    expect(bytes[8]).toBe(0);
  });

  it('ods: translates text cells and comments; numbers, dates, currencies and formulas keep their bytes', async () => {
    const { prepared, sameShapePart } = await roundTrip('sales.ods', makeOds());
    expect(prepared.segments).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/Monday|EUR|Total 1246/)]),
    );
    const content = sameShapePart('content.xml');
    expect(xmlTexts(content, 'text:p')).toEqual([
      'REGION',
      'REVENUE',
      'DATE',
      'NORTH',
      '1234.5',
      'Monday, January 15, 2024',
      'CHECK THIS REGION',
      'SOUTH',
      'EUR 12.00',
      'TOTAL',
      '1246.5',
      'Total 1246.5',
      'PREPARED BY THE FINANCE TEAM.',
    ]);
    expect(content).toContain('<dc:creator>Ana Silva</dc:creator>');
    expect(content).toContain('table:table table:name="Sales"');
  });

  it('odp: translates slides, lists and speaker notes', async () => {
    const { sameShapePart } = await roundTrip('deck.odp', makeOdp());
    const content = sameShapePart('content.xml');
    expect(xmlTexts(content, 'text:p')).toEqual([
      'QUARTERLY RESULTS',
      'SALES GREW IN EVERY REGION',
      'THE TEAM WAS EXCELLENT',
      'REMEMBER TO THANK THE TEAM.',
    ]);
  });

  it('names the embedded charts it copies untranslated in the note, and says nothing without them', async () => {
    const chart = strToU8(
      '<office:document-content><office:body><office:chart><chart:chart><chart:title><text:p>Sales by region</text:p></chart:title></chart:chart></office:chart></office:body></office:document-content>',
    );
    const withChart = zipSync({
      ...unzipSync(makeOds()),
      'Object 1/content.xml': chart,
      'Object 2/content.xml': chart,
    });
    const { prepared, changed } = await roundTrip('sales.ods', withChart);
    expect(prepared.note).toBe(
      'Left untranslated (copied as they are): 2 embedded objects (charts or formulas).',
    );
    expect(changed).not.toContain('Object 1/content.xml');
    expect((await roundTrip('sales.ods', makeOds())).prepared.note).toBeUndefined();
  });

  it('tells the kinds apart by their mimetype entry', async () => {
    await expect(translateFile('sales.odt', makeOds())).rejects.toMatchObject({
      statusCode: 422,
      detail:
        'The file is a ZIP package but not an OpenDocument text (its mimetype says "application/vnd.oasis.opendocument.spreadsheet").',
    });
  });
});
