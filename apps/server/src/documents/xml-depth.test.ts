import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { translateFile } from './testing/translate-file.ts';
import { xmlDepthExceeds } from './xml-depth.ts';

describe('XML nesting depth', () => {
  it('counts open elements, not empty ones, comments, CDATA or declarations', () => {
    const xml = '<?xml version="1.0"?><!-- <a><a><a> --><a><b/><![CDATA[<c><c><c>]]><d x="1">t</d></a>';
    expect(xmlDepthExceeds(xml, 2)).toBe(false);
    expect(xmlDepthExceeds(xml, 1)).toBe(true);
  });

  it('refuses a package part nesting 200,000 elements before the parser sees it', async () => {
    const depth = 200_000;
    const slide = `<p:sld>${'<a:p>'.repeat(depth)}<a:r><a:t>Deep</a:t></a:r>${'</a:p>'.repeat(depth)}</p:sld>`;
    const zip = zipSync({
      'ppt/presentation.xml': strToU8('<p:presentation/>'),
      'ppt/slides/slide1.xml': strToU8(slide),
    });
    await expect(translateFile('deep.pptx', zip)).rejects.toMatchObject({
      statusCode: 422,
      detail: 'The part ppt/slides/slide1.xml nests elements more than 1000 levels deep, which is refused.',
    });
  });
});
