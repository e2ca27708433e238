import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/** A date Excel stores as a serial number (45306), which translation must leave alone. */
export const XLSX_DATE = new Date(Date.UTC(2024, 0, 15));

/**
 * An Excel workbook as Excel-like writers make it (ExcelJS): two sheets; shared strings, one used
 * twice; rich text with a bold word; non-ASCII; numbers, a date, a percentage, formulas (one with a
 * string result) and a hyperlink. A third sheet gets inline strings (`t="inlineStr"`), as streaming
 * writers produce, patched into its XML since ExcelJS always shares strings.
 */
export async function makeXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sema tests';
  const sales = workbook.addWorksheet('Sales');
  sales.addRow(['Region', 'Revenue', 'Date', 'Share']);
  sales.addRow(['North', 1234.5, XLSX_DATE, 0.25]);
  sales.addRow(['South', 987, XLSX_DATE, 0.75]);
  sales.getColumn(3).numFmt = 'yyyy-mm-dd';
  sales.getColumn(4).numFmt = '0%';
  sales.getCell('A4').value = 'Total';
  sales.getCell('B4').value = { formula: 'SUM(B2:B3)', result: 2221.5 };
  sales.getCell('A5').value = {
    richText: [{ text: 'Sales were ' }, { text: 'very', font: { bold: true } }, { text: ' good this year.' }],
  };
  sales.getCell('A6').value = 'Café crème, naïve façade — 東京';
  sales.getCell('A7').value = 'North';
  sales.getCell('A8').value = { formula: '"Total: "&B4', result: 'Total: 2221.5' };
  sales.getCell('A9').value = '12345';
  const notes = workbook.addWorksheet('Notes');
  notes.getCell('A1').value = 'Prepared by the finance team.';
  notes.getCell('A2').value = { text: 'Open the report', hyperlink: 'https://example.com/report' };
  workbook.addWorksheet('Inline');
  const files = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
  const inline = 'xl/worksheets/sheet3.xml';
  files[inline] = strToU8(
    strFromU8(files[inline]!).replace(
      /<sheetData\/>|<sheetData><\/sheetData>/,
      '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">Inline note </t></is></c>' +
        '<c r="B1" t="inlineStr"><is><r><rPr><b/></rPr><t>Bold</t></r><r><t xml:space="preserve"> and plain</t></r></is></c>' +
        '<c r="C1"><v>42</v></c></row></sheetData>',
    ),
  );
  return zipSync(files);
}
