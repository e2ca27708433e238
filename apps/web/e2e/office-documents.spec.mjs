import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

import { launchBrowser, newPage, openApp } from './lib/browser.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

/** The smallest workbook Excel opens: one sheet, two shared strings and a formula. */
function workbook() {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    'xl/workbook.xml': strToU8(
      `<workbook ${ns}><sheets><sheet name="Budget" sheetId="1"/></sheets></workbook>`,
    ),
    'xl/sharedStrings.xml': strToU8(
      `<sst ${ns} count="2" uniqueCount="2"><si><t>The river rises every spring.</t></si><si><t>Total</t></si></sst>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>12</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2"><f>SUM(B1:B1)</f><v>12</v></c></row></sheetData></worksheet>`,
    ),
  });
}

describe('office documents in the web app', () => {
  it('the picker offers .xlsx, .pptx, OpenDocument and .epub; a picked .xlsx comes back translated', async () => {
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/');
    const accept = (await page.locator('input[type="file"]').getAttribute('accept')) ?? '';
    for (const extension of ['.xlsx', '.pptx', '.odt', '.ods', '.odp', '.epub']) {
      assert.ok(accept.split(',').includes(extension), `accept lists ${extension}`);
    }
    await page.locator('input[type="file"]').setInputFiles({
      name: 'budget.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(workbook()),
    });
    await page.getByTestId('file-chip').getByText('budget.xlsx').waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    const download = page
      .locator('li[data-role="assistant"]')
      .getByRole('button', { name: /^Download budget\.\w+\.xlsx$/ });
    await download.waitFor({ timeout: 60_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const parts = unzipSync(fs.readFileSync(await file.path()));
    assert.doesNotMatch(strFromU8(parts['xl/sharedStrings.xml']), /The river rises/);
    assert.match(strFromU8(parts['xl/worksheets/sheet1.xml']), /<f>SUM\(B1:B1\)<\/f><v>12<\/v>/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
