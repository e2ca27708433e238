import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PIXEL_PNG } from '../testing/make-docx.ts';
import { makePptx } from '../testing/make-pptx.ts';
import { translateFile } from '../testing/translate-file.ts';
import { xmlSkeleton, xmlTexts } from '../testing/xml-structure.ts';
import { MARKERS } from '../../translation/inline-codes.ts';

const decoder = new TextDecoder();

async function translatedParts(options: Parameters<typeof translateFile>[2] = {}) {
  const source = makePptx();
  const { prepared, output } = await translateFile('deck.pptx', source, options);
  return { prepared, before: unzipSync(source), after: unzipSync(output as Uint8Array) };
}

describe('pptx adapter', () => {
  it('translates slides, tables and notes with the same shapes, runs and fields', async () => {
    const { prepared, before, after } = await translatedParts();
    expect(prepared.segments.map((segment) => segment.replace(MARKERS, '·'))).toEqual([
      'Quarterly results',
      // Runs that differ only in lang/err join into one sentence; a bold word is held as codes in it.
      'Our sales grew in every region.',
      'The team was ·excellent· & motivated.',
      'First line',
      'Second line',
      'Region',
      'Revenue',
      'Café Zürich',
      'Remember to thank the team.',
    ]);
    for (const name of [
      'ppt/slides/slide1.xml',
      'ppt/slides/slide2.xml',
      'ppt/notesSlides/notesSlide1.xml',
    ]) {
      const [source, translated] = [decoder.decode(before[name]), decoder.decode(after[name])];
      expect(xmlSkeleton(translated, ['lang'])).toEqual(xmlSkeleton(source, ['lang']));
    }
    const slide1 = decoder.decode(after['ppt/slides/slide1.xml']);
    expect(xmlTexts(slide1, 'a:t')).toEqual([
      'QUARTERLY RESULTS',
      'OUR SALES GREW IN EVERY REGION.',
      '',
      'THE TEAM WAS ',
      'EXCELLENT',
      ' & MOTIVATED.',
      'FIRST LINE',
      'SECOND LINE',
      '1',
      'Monday',
    ]);
    expect(slide1).toContain('<a:rPr lang="fr-FR" b="1"/><a:t>EXCELLENT</a:t>');
    expect(xmlTexts(decoder.decode(after['ppt/slides/slide2.xml']), 'a:t')).toEqual([
      'REGION',
      'REVENUE',
      'CAFÉ ZÜRICH',
      '1,234',
    ]);
    expect(xmlTexts(decoder.decode(after['ppt/notesSlides/notesSlide1.xml']), 'a:t')).toEqual([
      'REMEMBER TO THANK THE TEAM.',
    ]);
  });

  it('sets the runs to the target language and keeps every other entry byte for byte', async () => {
    const { before, after } = await translatedParts({ target: 'arb_Arab' });
    const slide1 = decoder.decode(after['ppt/slides/slide1.xml']);
    expect(slide1).not.toMatch(/lang="en-/);
    expect(slide1).toContain('<a:endParaRPr lang="ar-EG"/>');
    expect(Object.keys(after)).toEqual(Object.keys(before));
    const changed = Object.keys(before).filter((name) => Buffer.compare(before[name]!, after[name]!) !== 0);
    expect(changed.sort()).toEqual([
      'ppt/notesSlides/notesSlide1.xml',
      'ppt/slides/slide1.xml',
      'ppt/slides/slide2.xml',
    ]);
    expect(Buffer.from(after['ppt/media/image1.png']!).equals(Buffer.from(PIXEL_PNG))).toBe(true);
  });

  it('gives back a deck whose only text is in a chart unchanged, saying the chart was left as it is', async () => {
    const parts = unzipSync(makePptx());
    for (const name of Object.keys(parts).filter((entry) =>
      /^ppt\/(?:slides|notesSlides)\/[^/]+\.xml$/.test(entry),
    )) {
      parts[name] = strToU8(decoder.decode(parts[name]).replace(/(<a:t\b[^>]*>)[^<]*<\/a:t>/g, '$1</a:t>'));
    }
    parts['ppt/charts/chart1.xml'] = strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Sales by region</a:t></a:r></a:p></c:rich></c:tx></c:title></c:chart></c:chartSpace>',
    );
    const deck = zipSync(parts);
    const { output, prepared } = await translateFile('deck.pptx', deck);
    expect(prepared.segments).toEqual([]);
    expect(prepared.note).toBe(
      'Nothing was left to translate; the file comes back as it was. Left untranslated (copied as they are): 1 chart.',
    );
    const after = unzipSync(output as Uint8Array);
    for (const name of Object.keys(parts)) expect(after[name]).toEqual(parts[name]);
  });

  it('refuses a ZIP that is not a presentation', async () => {
    const zip = zipSync({ 'ppt/slides/slide1.xml': strToU8('<p:sld/>') });
    await expect(translateFile('deck.pptx', zip)).rejects.toMatchObject({
      statusCode: 422,
      detail: 'The file is a ZIP package but not a PowerPoint presentation (it has no ppt/presentation.xml).',
    });
  });
});
