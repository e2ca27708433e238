import { PIXEL_PNG } from './make-docx.ts';
import { zipFixture } from './zip-fixture.ts';

const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';

const shape = (id: number, name: string, paragraphs: string) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>${paragraphs}</p:txBody></p:sp>`;

const cell = (text: string) =>
  `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>${text}</a:t></a:r></a:p></a:txBody><a:tcPr/></a:tc>`;

/**
 * A PowerPoint deck as PowerPoint writes one: a title slide whose sentence is split into runs that
 * differ only in `lang`/`dirty`, a bold word, a line break, a slide-number field and an image; a
 * slide with a table; speaker notes; a layout whose prompt text must not be translated.
 */
export function makePptx(): Uint8Array {
  const slide1 = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<p:sld ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(
    2,
    'Title 1',
    '<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>Quarterly results</a:t></a:r><a:endParaRPr lang="en-US"/></a:p>',
  )}${shape(
    3,
    'Content 2',
    '<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>Our sales grew </a:t></a:r><a:r><a:rPr lang="en-GB" err="1"/><a:t>in every region.</a:t></a:r></a:p>' +
      '<a:p><a:r><a:rPr lang="en-US"/><a:t xml:space="preserve">The team was </a:t></a:r><a:r><a:rPr lang="en-US" b="1"/><a:t>excellent</a:t></a:r><a:r><a:rPr lang="en-US"/><a:t> &amp; motivated.</a:t></a:r></a:p>' +
      '<a:p><a:r><a:rPr lang="en-US"/><a:t>First line</a:t></a:r><a:br><a:rPr lang="en-US"/></a:br><a:r><a:rPr lang="en-US"/><a:t>Second line</a:t></a:r></a:p>' +
      '<a:p><a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum"><a:rPr lang="en-US"/><a:t>1</a:t></a:fld><a:fld id="{A1}" type="datetime1"><a:rPr lang="en-US"/><a:t>Monday</a:t></a:fld></a:p>',
  )}<p:pic><p:nvPicPr><p:cNvPr id="4" name="Picture 3" descr="A chart"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rId2"/></p:blipFill><p:spPr/></p:pic></p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
  const slide2 = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<p:sld ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/><p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="5" name="Table 4"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid><a:gridCol w="100"/><a:gridCol w="100"/></a:tblGrid><a:tr h="10">${cell('Region')}${cell('Revenue')}</a:tr><a:tr h="10">${cell('Café Zürich')}${cell('1,234')}</a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame></p:spTree></p:cSld></p:sld>`;
  const notes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<p:notes ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(
    2,
    'Notes Placeholder 1',
    '<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>Remember to thank the team.</a:t></a:r></a:p>',
  )}</p:spTree></p:cSld></p:notes>`;
  const layout = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<p:sldLayout ${NS}><p:cSld name="Title Slide"><p:spTree>${shape(
    2,
    'Title 1',
    '<a:p><a:r><a:rPr lang="en-US"/><a:t>Click to edit Master title style</a:t></a:r></a:p>',
  )}</p:spTree></p:cSld></p:sldLayout>`;
  return zipFixture({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="png" ContentType="image/png"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>',
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<p:presentation ${NS}><p:sldIdLst><p:sldId id="256" r:id="rId2"/><p:sldId id="257" r:id="rId3"/></p:sldIdLst></p:presentation>`,
    'ppt/slides/slide1.xml': slide1,
    'ppt/slides/slide2.xml': slide2,
    'ppt/notesSlides/notesSlide1.xml': notes,
    'ppt/slideLayouts/slideLayout1.xml': layout,
    'ppt/media/image1.png': PIXEL_PNG,
  });
}
