import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PIXEL_PNG } from '../testing/make-docx.ts';
import { makePptx } from '../testing/make-pptx.ts';
import { translateFile } from '../testing/translate-file.ts';
import { xmlSkeleton, xmlTexts } from '../testing/xml-structure.ts';

const decoder = new TextDecoder();

async function translatedParts(options: Parameters<typeof translateFile>[2] = {}) {
  const source = makePptx();
  const { prepared, output } = await translateFile('deck.pptx', source, options);
  return { prepared, before: unzipSync(source), after: unzipSync(output as Uint8Array) };
}

describe('pptx adapter', () => {
  it('translates slides, tables and notes with the same shapes, runs and fields', async () => {
    const { prepared, before, after } = await translatedParts();
    expect(prepared.segments).toEqual([
      'Quarterly results',
      // Runs that differ only in lang/err join into one sentence; the bold word stays on its own.
      'Our sales grew in every region.',
      'The team was',
      'excellent',
      '& motivated.',
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
    expect(slide1).toContain('<a:rPr lang="fr" b="1"/><a:t>EXCELLENT</a:t>');
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
    expect(slide1).toContain('<a:endParaRPr lang="ar"/>');
    expect(Object.keys(after)).toEqual(Object.keys(before));
    const changed = Object.keys(before).filter((name) => Buffer.compare(before[name]!, after[name]!) !== 0);
    expect(changed.sort()).toEqual([
      'ppt/notesSlides/notesSlide1.xml',
      'ppt/slides/slide1.xml',
      'ppt/slides/slide2.xml',
    ]);
    expect(Buffer.from(after['ppt/media/image1.png']!).equals(Buffer.from(PIXEL_PNG))).toBe(true);
  });

  it('refuses a ZIP that is not a presentation', async () => {
    const zip = zipSync({ 'ppt/slides/slide1.xml': strToU8('<p:sld/>') });
    await expect(translateFile('deck.pptx', zip)).rejects.toMatchObject({
      statusCode: 422,
      detail: 'The file is a ZIP package but not a PowerPoint presentation (it has no ppt/presentation.xml).',
    });
  });
});
