import {
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';

/** A 1×1 PNG, so the fixture holds an image whose bytes must survive translation. */
export const PIXEL_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/**
 * A Word document with the structures translation must keep: a heading style, a sentence split over
 * several runs with the same formatting, a bold word, a table, a header, a footer and an image.
 */
export async function makeDocx(): Promise<Uint8Array> {
  const document = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Quarterly report')] }) },
        footers: { default: new Footer({ children: [new Paragraph('Company confidential')] }) },
        children: [
          new Paragraph({ text: 'Annual summary', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('This sentence was '),
              new TextRun('split by Word '),
              new TextRun('into three runs.'),
            ],
          }),
          new Paragraph({
            children: [
              new TextRun('Sales were '),
              new TextRun({ text: 'very', bold: true }),
              new TextRun(' good this year.'),
            ],
          }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('Region')] }),
                  new TableCell({ children: [new Paragraph('Result')] }),
                ],
              }),
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('North')] }),
                  new TableCell({ children: [new Paragraph('2024')] }),
                ],
              }),
            ],
          }),
          new Paragraph({
            children: [
              new ImageRun({ type: 'png', data: PIXEL_PNG, transformation: { width: 10, height: 10 } }),
              new TextRun(' Figure one & more'),
            ],
          }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
