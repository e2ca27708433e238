import { describe, expect, it } from 'vitest';
import { extractWordprocessing } from './wordprocessing-xml.ts';

function translate(xml: string, transform = (text: string) => text.toUpperCase()) {
  const { segments, rebuild } = extractWordprocessing(xml);
  return { segments, xml: rebuild(segments.map(transform)) };
}

const run = (text: string, rPr = '', attrs = '') => `<w:r${attrs}>${rPr}<w:t>${text}</w:t></w:r>`;

describe('WordprocessingML text', () => {
  it('joins runs that differ only in revision ids and proofing marks', () => {
    const xml = `<w:p>${run('Hello ', '<w:rPr><w:lang w:val="en-GB"/></w:rPr>', ' w:rsidR="001"')}<w:proofErr w:type="spellStart"/>${run('wrold', '<w:rPr><w:noProof/><w:lang w:val="en-US"/></w:rPr>', ' w:rsidR="002"')}<w:proofErr w:type="spellEnd"/></w:p>`;
    const { segments, xml: out } = translate(xml);
    expect(segments).toEqual(['Hello wrold']);
    expect(out).toContain('<w:t>HELLO WROLD</w:t>');
    expect(out).toContain('<w:t></w:t>');
  });

  it('splits at tabs, breaks, hyperlinks and different formatting', () => {
    const xml = `<w:p>${run('Name')}<w:r><w:tab/></w:r>${run('Value')}<w:hyperlink r:id="x">${run('the link')}</w:hyperlink>${run('after', '<w:rPr><w:i/></w:rPr>')}</w:p>`;
    expect(translate(xml).segments).toEqual(['Name', 'Value', 'the link', 'after']);
  });

  it('keeps the paragraphs of a text box apart from the paragraph that anchors it', () => {
    const xml = `<w:p>${run('Before box')}<w:r><w:drawing><wps:txbx><w:txbxContent><w:p>${run('Inside box')}</w:p></w:txbxContent></wps:txbx></w:drawing></w:r>${run('after box')}</w:p>`;
    expect(translate(xml).segments.sort()).toEqual(['Before box', 'Inside box', 'after box'].sort());
  });

  it('translates both renderings of alternate content separately', () => {
    const xml = `<w:p><mc:AlternateContent><mc:Choice>${run('Shape text')}</mc:Choice><mc:Fallback>${run('Shape text')}</mc:Fallback></mc:AlternateContent></w:p>`;
    const { xml: out } = translate(xml);
    expect(out.match(/SHAPE TEXT/g)).toHaveLength(2);
  });

  it('decodes entities for the model and escapes the translation', () => {
    const { segments, xml: out } = translate(
      `<w:p>${run('Fish &amp; chips &lt;3')}</w:p>`,
      () => 'A & B <c>',
    );
    expect(segments).toEqual(['Fish & chips <3']);
    expect(out).toBe(`<w:p><w:r><w:t>A &amp; B &lt;c&gt;</w:t></w:r></w:p>`);
  });

  it('adds xml:space="preserve" only when the text keeps edge spaces', () => {
    const { xml: out } = translate(`<w:p>${run(' padded')}${run('plain', '<w:rPr><w:b/></w:rPr>')}</w:p>`);
    expect(out).toContain('<w:t xml:space="preserve"> PADDED</w:t>');
    expect(out).toContain('<w:t>PLAIN</w:t>');
  });

  it('keeps a tracked deletion where it was: the words on either side are translated apart', () => {
    const deletion = `<w:del w:id="1" w:author="A"><w:r><w:delText>old </w:delText></w:r></w:del>`;
    const moved = `<w:moveFrom w:id="2"><w:r><w:t>moved </w:t></w:r></w:moveFrom>`;
    const xml = `<w:p>${run('The ')}${deletion}${run('sentence, ')}${moved}${run('stays.')}</w:p>`;
    const { segments, xml: out } = translate(xml, (text) => `«${text.toUpperCase()}»`);
    expect(segments).toEqual(['The', 'sentence,', 'moved', 'stays.']);
    // Word shows the text in document order: the struck words between the words they were between.
    const shown = [...out.matchAll(/<w:(?:t|delText)[^>]*>([^<]*)</g)].map((match) => match[1]).join('');
    expect(shown).toBe('«THE» old «SENTENCE,» «MOVED» «STAYS.»');
  });

  it('leaves field codes, deleted text and empty elements alone', () => {
    const xml = `<w:p><w:r><w:instrText> PAGE </w:instrText></w:r><w:del><w:r><w:delText>gone</w:delText></w:r></w:del><w:r><w:t/></w:r></w:p>`;
    const { segments, xml: out } = translate(xml);
    expect(segments).toEqual([]);
    expect(out).toBe(xml);
  });
});
