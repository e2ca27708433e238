/* global document, getComputedStyle -- used inside page.evaluate, which runs in the browser */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import path from 'node:path';

import { repoRoot } from '@sema/testkit/sema';

import { afterNextFrame, BOTH_SIZES, eventually, launchBrowser, newPage, openApp } from './lib/browser.mjs';
import { startSemaServer } from './lib/sema-server.mjs';

let browser;
let context;
let page;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

async function freshHome() {
  await context?.close();
  ({ context, page } = await newPage(browser));
  await openApp(page, '/');
}

const sourceButton = () => page.getByTestId('source-language');
const targetButton = () => page.getByTestId('target-language');
const sourcePicker = () => page.getByRole('dialog', { name: 'Select Source Language' });
const targetPicker = () => page.getByRole('dialog', { name: 'Select Target Language' });
const optionNames = (picker) =>
  picker
    .getByRole('option')
    .evaluateAll((options) => options.map((o) => o.querySelector('span')?.textContent));

describe('language picker', () => {
  it('defaults to Auto Detect → English, and swap is disabled while the source is Auto Detect', async () => {
    await freshHome();
    assert.equal(await sourceButton().textContent(), 'Auto Detect');
    assert.equal(await targetButton().textContent(), 'English');
    const swap = page.getByRole('button', { name: 'Swap languages' });
    assert.equal(await swap.isDisabled(), true);

    await sourceButton().click();
    await sourcePicker().getByRole('combobox', { name: 'Search languages' }).fill('french');
    await sourcePicker()
      .getByRole('option', { name: /^French/ })
      .click();
    assert.equal(await sourceButton().textContent(), 'French');
    assert.equal(await swap.isDisabled(), false);
    await swap.click();
    assert.equal(await sourceButton().textContent(), 'English');
    assert.equal(await targetButton().textContent(), 'French');
  });

  it('has the spec titles and tabs, focuses the search box, and lists the popular set in order', async () => {
    await freshHome();
    await sourceButton().click();
    const picker = sourcePicker();
    await picker.waitFor();
    const tabs = await picker.getByRole('tab').allTextContents();
    assert.deepEqual(tabs, ['All', 'Popular', 'Africa', 'Europe', 'Asia', 'Americas', 'Oceania']);
    await eventually(async () =>
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('placeholder')),
        'Search languages...',
      ),
    );

    await picker.getByRole('tab', { name: 'Popular' }).click();
    const names = await optionNames(picker);
    assert.deepEqual(
      names,
      [
        'Auto Detect',
        'English',
        'Spanish',
        'French',
        'German',
        'Chinese (Simplified)',
        'Arabic',
        'Hindi',
        'Russian',
        'Portuguese',
        'Japanese',
        'Swahili',
        'Korean',
      ].slice(0, names.length),
    );
    assert.equal(names.length, 13, 'Auto Detect + the 12 popular languages');
    // The list is at most 300 px tall.
    const height = await picker.getByRole('listbox').evaluate((list) => list.getBoundingClientRect().height);
    assert.ok(height <= 300, `list is ${height}px tall`);
  });

  it('region tabs filter, search matches name, native name and code, and Auto Detect matches "detect"', async () => {
    await freshHome();
    await sourceButton().click();
    const picker = sourcePicker();
    await picker.getByRole('tab', { name: 'Africa' }).click();
    const african = await optionNames(picker);
    assert.ok(african.includes('Swahili') && african.includes('Yoruba') && !african.includes('German'));

    await picker.getByRole('tab', { name: 'All' }).click();
    const search = picker.getByRole('combobox', { name: 'Search languages' });
    await search.fill('Kiswahili');
    assert.ok((await optionNames(picker)).includes('Swahili'), 'native name');
    await search.fill('yor_latn');
    assert.deepEqual(await optionNames(picker), ['Yoruba'], 'code');
    await search.fill('detect');
    assert.deepEqual(await optionNames(picker), ['Auto Detect']);
    await search.fill('zzzz');
    await picker.getByText('No languages found matching "zzzz"').waitFor();
  });

  for (const viewport of BOTH_SIZES) {
    it(`every region tab lists the languages spoken there, one language under several (${viewport.width}px)`, async () => {
      await context?.close();
      ({ context, page } = await newPage(browser, { viewport }));
      await openApp(page, '/');
      await targetButton().click();
      const picker = targetPicker();
      const listed = async (tab) => {
        await picker.getByRole('tab', { name: tab }).click();
        return optionNames(picker);
      };
      const expected = {
        Americas: ['English', 'Spanish', 'Portuguese', 'French', 'Quechua', 'Guarani', 'Haitian Creole'],
        Oceania: ['Fijian', 'Maori', 'Samoan', 'Tok Pisin', 'English', 'French'],
        Europe: ['English', 'Spanish', 'Portuguese', 'French', 'German'],
        Africa: ['Swahili', 'French', 'English', 'Portuguese', 'Amharic'],
        Asia: ['Hindi', 'English', 'Russian', 'Arabic'],
      };
      for (const [tab, names] of Object.entries(expected)) {
        const found = await listed(tab);
        for (const name of names) assert.ok(found.includes(name), `${tab} lists ${name}`);
      }
      assert.ok(!(await listed('Oceania')).includes('German'));
    });
  }

  it('keeps every key typed right after the click that opens it, on the first opening too', async () => {
    await freshHome();
    // No wait between the click and the typing: the panel's code may still be on its way.
    await sourceButton().click();
    await page.keyboard.type('Swahili');
    const search = sourcePicker().getByRole('combobox', { name: 'Search languages' });
    assert.equal(await search.inputValue(), 'Swahili');
    await page.keyboard.press('Enter');
    assert.equal(await sourceButton().textContent(), 'Swahili');

    await targetButton().click();
    await page.keyboard.type('fr');
    assert.equal(await targetPicker().getByRole('combobox').inputValue(), 'fr');
  });

  it('lists the language a search names first, and Enter takes it', async () => {
    await freshHome();
    const pick = async (button, picker, query) => {
      await button().click();
      await picker().getByRole('combobox', { name: 'Search languages' }).fill(query);
      const first = (await optionNames(picker()))[0];
      await page.keyboard.press('Enter');
      return first;
    };
    // Alphabetical order listed Acehnese (Arabic script), Armenian and Afrikaans first.
    assert.equal(await pick(sourceButton, sourcePicker, 'arabic'), 'Arabic');
    assert.equal(await sourceButton().textContent(), 'Arabic');
    assert.equal(await pick(targetButton, targetPicker, 'fr'), 'French');
    assert.equal(await targetButton().textContent(), 'French');
    assert.equal(await pick(targetButton, targetPicker, 'en'), 'English');
    assert.equal(await targetButton().textContent(), 'English');
  });

  it('the target picker has no Auto Detect entry', async () => {
    await freshHome();
    await targetButton().click();
    await targetPicker().getByRole('combobox').fill('auto');
    await targetPicker().getByText('No languages found matching "auto"').waitFor();
  });

  it('closes on Escape (focus back on its button), on an outside click, and on selection', async () => {
    await freshHome();
    await sourceButton().click();
    await sourcePicker().waitFor();
    await page.keyboard.press('Escape');
    await sourcePicker().waitFor({ state: 'detached' });
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'source-language',
    );

    await sourceButton().click();
    await sourcePicker().waitFor();
    await page.mouse.click(20, 700);
    await sourcePicker().waitFor({ state: 'detached' });

    await targetButton().click();
    await targetPicker()
      .getByRole('option', { name: /^German/ })
      .click();
    await targetPicker().waitFor({ state: 'detached' });
    assert.equal(await targetButton().textContent(), 'German');
  });

  it('source and target pickers are mutually exclusive', async () => {
    await freshHome();
    await sourceButton().click();
    await sourcePicker().waitFor();
    await targetButton().click();
    await targetPicker().waitFor();
    assert.equal(await sourcePicker().count(), 0);
    await sourceButton().click();
    await sourcePicker().waitFor();
    assert.equal(await targetPicker().count(), 0);
  });

  it('works with the keyboard alone: arrows move, Enter picks, tabs follow the arrows', async () => {
    await freshHome();
    await targetButton().focus();
    await page.keyboard.press('Enter');
    const picker = targetPicker();
    await picker.waitFor();
    await eventually(async () =>
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'combobox'),
    );
    await page.keyboard.type('span');
    await page.keyboard.press('ArrowDown');
    const active = await picker.getByRole('combobox').getAttribute('aria-activedescendant');
    const activeName = await page.locator(`[id="${active}"] span`).first().textContent();
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    assert.equal(await targetButton().textContent(), activeName);

    await targetButton().focus();
    await page.keyboard.press('Enter');
    await picker.waitFor();
    await eventually(async () =>
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'combobox'),
    );
    await page.keyboard.press('Tab'); // from the search box to the selected tab
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'All');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Popular');
    assert.equal(await picker.getByRole('tab', { name: 'Popular' }).getAttribute('aria-selected'), 'true');
  });

  it("fetches a rare script's font only when a name in it is on screen", async () => {
    await context?.close();
    ({ context, page } = await newPage(browser));
    const fonts = [];
    page.on('request', (request) => request.url().endsWith('.woff2') && fonts.push(request.url()));
    await openApp(page, '/');
    assert.deepEqual(fonts, [], 'no font at start');
    await targetButton().click();
    // The list opens at English: Dzongkha (Tibetan script) may be in view, the others are far away.
    // Once it is laid out, the fonts its names need are requested, and document.fonts says when
    // they have loaded: a font for a far-away name would have been requested by then.
    await targetPicker().getByRole('option').first().waitFor();
    await afterNextFrame(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    assert.ok(
      !fonts.some((url) => /ethiopic|ol-chiki|tifinagh|myanmar/.test(url)),
      `too many fonts: ${fonts}`,
    );
    await targetPicker().getByRole('combobox').fill('amharic');
    await eventually(() =>
      assert.ok(
        fonts.some((url) => url.includes('ethiopic')),
        'the Ethiopic font',
      ),
    );
    assert.ok(!fonts.some((url) => /ol-chiki|tifinagh|myanmar/.test(url)), `too many fonts: ${fonts}`);
    const amharic = targetPicker()
      .getByRole('option', { name: /Amharic/ })
      .locator('[lang]');
    assert.equal(await amharic.textContent(), 'አማርኛ');
    await eventually(async () =>
      assert.equal(await page.evaluate(() => document.fonts.check('16px "Sema Ethiopic"', 'አማርኛ')), true),
    );
    // Santali's name is in Ol Chiki although its code says Beng: the catalogue's script decides.
    await targetPicker().getByRole('combobox').fill('santali');
    await eventually(() =>
      assert.ok(
        fonts.some((url) => url.includes('ol-chiki')),
        'the Ol Chiki font',
      ),
    );
  });

  it('shows every native name in its own script, right to left where the script is', async () => {
    await freshHome();
    await targetButton().click();
    const search = targetPicker().getByRole('combobox');
    await search.fill('amharic');
    const amharic = targetPicker().getByRole('option', { name: /Amharic/ });
    await eventually(async () => assert.match(await amharic.textContent(), /አማርኛ/));
    await search.fill('urdu');
    const urdu = targetPicker().getByRole('option', { name: /Urdu/ }).locator('[lang]');
    assert.equal(await urdu.evaluate((element) => getComputedStyle(element).direction), 'rtl');
  });
});

describe('when the operator changes the model', () => {
  it("a returning visitor's picker offers the new model's languages at once, and a target no longer served gives way to English", async () => {
    const search = async (words) => {
      await targetButton().click();
      await targetPicker().getByRole('combobox').fill(words);
      // The search answers from the list the page holds; give it a frame to filter.
      await afterNextFrame(page);
      const found = await optionNames(targetPicker());
      await page.keyboard.press('Escape');
      return found;
    };
    let server = await startSemaServer({ SEMA_CHAT_PROVIDER: 'none' });
    await context?.close();
    ({ context, page } = await newPage(browser, { baseURL: server.url }));
    try {
      await openApp(page, '/');
      // NLLB-200 writes Acehnese, and the visitor chooses it; the page keeps this list for a day.
      await eventually(async () =>
        assert.deepEqual(await search('acehnese'), ['Acehnese (Arabic script)', 'Acehnese (Latin script)']),
      );
      await targetButton().click();
      await targetPicker().getByRole('combobox').fill('acehnese');
      await targetPicker()
        .getByRole('option', { name: /^Acehnese \(Arabic script\)/ })
        .click();
      assert.equal(await targetButton().textContent(), 'Acehnese (Arabic script)');
      const port = server.port;
      await server.stop();
      // The same address, now an M2M-100 model (98 languages, no Acehnese).
      server = await startSemaServer(
        {
          SEMA_NLLB_MODEL: path.join(repoRoot, 'apps/server/test/fixtures/tiny-m2m100'),
          SEMA_CHAT_PROVIDER: 'none',
        },
        { port },
      );
      await page.reload();
      await eventually(async () => assert.deepEqual(await search('acehnese'), []), { timeoutMs: 10_000 });
      // The remembered target is no longer served: English, rather than a refusal at Send.
      assert.equal(await targetButton().textContent(), 'English');
      assert.deepEqual(await search('french'), ['French']);
    } finally {
      await server.stop();
    }
  });
});
