import { describe, expect, it } from 'vitest';
import { ADAPTERS } from './registry.ts';

describe('document preview', () => {
  it("reads a package by its adapter's declaration, not a list of its own", () => {
    const declared = Object.values(ADAPTERS)
      .filter((adapter) => adapter.preview)
      .map((adapter) => adapter.format);
    expect(declared.sort()).toEqual(['docx', 'epub', 'odp', 'ods', 'odt', 'pptx']);
    const pptx = ADAPTERS.pptx.preview!;
    expect(
      ['ppt/slides/slide10.xml', 'ppt/notesSlides/notesSlide1.xml', 'ppt/slides/slide2.xml']
        .filter(pptx.parts)
        .sort(pptx.order),
    ).toEqual(['ppt/slides/slide2.xml', 'ppt/slides/slide10.xml']);
    expect(
      pptx.read(
        '<p:sld><a:p><a:r><a:t>Hello </a:t></a:r><a:fld type="slidenum"><a:t>3</a:t></a:fld><a:r><a:t>world</a:t></a:r></a:p><a:p><a:r><a:t>Two</a:t></a:r></a:p></p:sld>',
      ),
    ).toBe('Hello world\nTwo');
  });
});
