import { describe, expect, it } from 'vitest';
import { makeImageOnlyPdf, makePdf } from '../testing/make-pdf.ts';
import { translateFile } from '../testing/translate-file.ts';

describe('pdf adapter', () => {
  it('returns the text of each page as Markdown paragraphs, with a note saying why', async () => {
    const pdf = makePdf([
      ['Annual report (draft)', '', 'Sales grew this year and the', 'team is larger.'],
      ['Second page text.'],
    ]);
    const { text, prepared } = await translateFile('report.pdf', pdf);
    expect(prepared.segments).toEqual([
      'Annual report (draft)',
      'Sales grew this year and the team is larger.',
      'Second page text.',
    ]);
    expect(text).toBe(
      '<!-- Page 1 -->\n\nANNUAL REPORT (DRAFT)\n\nSALES GREW THIS YEAR AND THE TEAM IS LARGER.\n\n---\n\n<!-- Page 2 -->\n\nSECOND PAGE TEXT.\n',
    );
    expect(prepared).toMatchObject({ extension: 'md', mimeType: 'text/markdown', textual: true });
    expect(prepared.note).toMatch(/cannot be rebuilt.*Markdown/);
  });

  it('refuses a PDF without a text layer and says why', async () => {
    await expect(translateFile('scan.pdf', makeImageOnlyPdf())).rejects.toMatchObject({
      statusCode: 422,
      code: 'DOCUMENT_HAS_NO_TEXT',
      detail: expect.stringContaining('no text layer'),
    });
  });

  it('refuses a damaged PDF', async () => {
    const broken = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >>\ngarbage');
    await expect(translateFile('broken.pdf', broken)).rejects.toMatchObject({ statusCode: 422 });
  });

  it('refuses a .pdf that is not a PDF', async () => {
    await expect(translateFile('fake.pdf', 'hello')).rejects.toMatchObject({
      statusCode: 422,
      code: 'DOCUMENT_TYPE_MISMATCH',
      detail: 'The file is named .pdf but is not a PDF (it has no %PDF header).',
    });
  });
});
