import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makeXlsx, XLSX_DATE } from '../testing/make-xlsx.ts';
import { translateFile } from '../testing/translate-file.ts';
import { MARKERS } from '../../translation/inline-codes.ts';

async function workbookOf(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // ExcelJS types its input as an ArrayBuffer-like Buffer of its own; a copy of the bytes is one.
  await workbook.xlsx.load(bytes.slice().buffer);
  return workbook;
}

/** Every cell as ExcelJS reads it: address → value (rich text as its runs). */
function cellsOf(workbook: ExcelJS.Workbook): Record<string, unknown> {
  const cells: Record<string, unknown> = {};
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        cells[`${sheet.name}!${cell.address}`] = cell.value;
      }),
    ),
  );
  return cells;
}

const changedEntries = (before: Record<string, Uint8Array>, after: Record<string, Uint8Array>) =>
  Object.keys(before).filter((name) => Buffer.compare(before[name]!, after[name]!) !== 0);

describe('xlsx adapter', () => {
  it('leaves table header cells as written, equal to the table column names its formulas name, and says so', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sales');
    sheet.addTable({
      name: 'Regions',
      ref: 'A1',
      headerRow: true,
      columns: [{ name: 'Region' }, { name: 'Revenue' }, { name: 'Note' }],
      rows: [
        ['North', 1200, 'Good year'],
        ['South', 900, 'Region to watch'],
      ],
    });
    sheet.getCell('E1').value = 'Region';
    sheet.getCell('E2').value = { formula: 'SUM(Regions[Revenue])', result: 2100 };
    const source = new Uint8Array(await workbook.xlsx.writeBuffer());
    const marks = async (texts: string[]) => texts.map((text) => `l'« ${text} » "a" & <b> #1: fin`);
    const { output, prepared } = await translateFile('sales.xlsx', source, { translate: marks });
    const after = unzipSync(output as Uint8Array);
    const before = unzipSync(source);
    const table = Object.keys(after).find((name) => /^xl\/tables\/table\d+\.xml$/.test(name))!;
    expect(after[table]).toEqual(before[table]);
    const cells = cellsOf(await workbookOf(output as Uint8Array));
    for (const [cell, name] of [
      ['A1', 'Region'],
      ['B1', 'Revenue'],
      ['C1', 'Note'],
    ]) {
      expect(cells[`Sales!${cell}`]).toBe(name);
      expect(new TextDecoder().decode(after[table])).toContain(`name="${name}"`);
    }
    expect(cells['Sales!A2']).toBe(`l'« North » "a" & <b> #1: fin`);
    expect(cells['Sales!C3']).toBe(`l'« Region to watch » "a" & <b> #1: fin`);
    // The same shared string outside the table stays too (one string, one text).
    expect(cells['Sales!E1']).toBe('Region');
    expect(cells['Sales!E2']).toMatchObject({ formula: 'SUM(Regions[Revenue])' });
    expect(prepared.note).toContain('3 table header cells were left as written');
  });

  it('translates shared and inline strings; numbers, dates, formulas and sheets stay as they were', async () => {
    const source = await makeXlsx();
    const { prepared, output } = await translateFile('sales.xlsx', source);
    expect(prepared.segments.map((segment) => segment.replace(MARKERS, '·'))).toEqual(
      expect.arrayContaining([
        'Region',
        'Sales were ·very· good this year.',
        'Inline note',
        '·Bold· and plain',
      ]),
    );
    // The shared string "North" is used twice but stored, and translated, once; "12345" has no words.
    expect(prepared.segments.filter((segment) => segment === 'North')).toHaveLength(1);
    expect(prepared.segments).not.toContain('12345');
    const before = await workbookOf(source);
    const after = await workbookOf(output as Uint8Array);
    expect(after.worksheets.map((sheet) => sheet.name)).toEqual(['Sales', 'Notes', 'Inline']);
    const cells = cellsOf(after);
    expect(Object.keys(cells)).toEqual(Object.keys(cellsOf(before)));
    expect(cells).toMatchObject({
      'Sales!A1': 'REGION',
      'Sales!A2': 'NORTH',
      'Sales!A7': 'NORTH',
      'Sales!B2': 1234.5,
      'Sales!C2': XLSX_DATE,
      'Sales!D2': 0.25,
      'Sales!B4': { formula: 'SUM(B2:B3)', result: 2221.5 },
      'Sales!A8': { formula: '"Total: "&B4', result: 'Total: 2221.5' },
      'Sales!A6': 'CAFÉ CRÈME, NAÏVE FAÇADE — 東京',
      'Sales!A9': '12345',
      'Notes!A2': { text: 'OPEN THE REPORT', hyperlink: 'https://example.com/report' },
      'Inline!A1': 'INLINE NOTE ',
      'Inline!C1': 42,
    });
    // Rich text keeps its runs: bold stays on the word it was on.
    expect(cells['Sales!A5']).toEqual({
      richText: [
        { text: 'SALES WERE ' },
        { text: 'VERY', font: expect.objectContaining({ bold: true }) },
        { text: ' GOOD THIS YEAR.' },
      ],
    });
    expect(after.worksheets[0]!.getColumn(3).numFmt).toBe('yyyy-mm-dd');
  });

  it('rewrites only the shared strings and the sheet with inline strings, byte for byte elsewhere', async () => {
    const source = await makeXlsx();
    const before = unzipSync(source);
    const after = unzipSync((await translateFile('sales.xlsx', source)).output as Uint8Array);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(changedEntries(before, after).sort()).toEqual([
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet3.xml',
    ]);
    const inline = new TextDecoder().decode(after['xl/worksheets/sheet3.xml']);
    expect(inline).toContain(
      '<is><r><rPr><b/></rPr><t>BOLD</t></r><r><t xml:space="preserve"> AND PLAIN</t></r></is>',
    );
    expect(inline).toContain('<c r="C1"><v>42</v></c>');
  });

  it('writes a right-to-left translation that Excel readers load', async () => {
    const arabic = async (texts: string[]) => texts.map((text) => `ترجمة ${text.length}`);
    const { output } = await translateFile('sales.xlsx', await makeXlsx(), {
      translate: arabic,
      target: 'arb_Arab',
    });
    const cells = cellsOf(await workbookOf(output as Uint8Array));
    expect(cells['Sales!A1']).toBe('ترجمة 6');
    expect(cells['Sales!B2']).toBe(1234.5);
  });

  it('translates comments, classic (rich text, the author a run of its own) and threaded', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sales');
    sheet.getCell('A1').value = 'North';
    sheet.getCell('A1').note = {
      texts: [{ font: { bold: true }, text: 'Ana Silva:' }, { text: '\nCheck this region' }],
    };
    const threaded =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ThreadedComments xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"><threadedComment ref="A1" dT="2024-01-15T10:00:00.00" personId="{1}" id="{2}"><text>Is this final?</text></threadedComment></ThreadedComments>';
    const source = zipSync({
      ...unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer())),
      'xl/threadedComments/threadedComment1.xml': strToU8(threaded),
    });
    const { output, prepared } = await translateFile('notes.xlsx', source);
    expect(prepared.note).toBeUndefined();
    const note = (await workbookOf(output as Uint8Array)).getWorksheet('Sales')!.getCell('A1').note as {
      texts: Array<{ text: string; font?: { bold?: boolean } }>;
    };
    expect(note.texts.map(({ text }) => text).join('')).toBe('ANA SILVA:\nCHECK THIS REGION');
    expect(note.texts[0]).toMatchObject({ text: 'ANA SILVA:', font: { bold: true } });
    expect(
      new TextDecoder().decode(unzipSync(output as Uint8Array)['xl/threadedComments/threadedComment1.xml']),
    ).toBe(threaded.replace('Is this final?', 'IS THIS FINAL?'));
  });

  it('refuses a ZIP that is not a workbook, a DTD in a part, and a .xlsx that is not a ZIP', async () => {
    await expect(translateFile('a.xlsx', zipSync({ 'a.txt': strToU8('x') }))).rejects.toMatchObject({
      statusCode: 422,
      detail: 'The file is a ZIP package but not an Excel workbook (it has no xl/workbook.xml).',
    });
    const bomb = zipSync({
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/sharedStrings.xml': strToU8('<!DOCTYPE sst [<!ENTITY a "aaaa">]><sst><si><t>&a;</t></si></sst>'),
    });
    await expect(translateFile('bomb.xlsx', bomb)).rejects.toMatchObject({
      statusCode: 422,
      detail: expect.stringContaining('xl/sharedStrings.xml declares a DTD'),
    });
    await expect(translateFile('fake.xlsx', 'plain text')).rejects.toMatchObject({
      statusCode: 422,
      detail: 'The file is named .xlsx but is not an Excel workbook (it is not a ZIP package).',
    });
  });
});
