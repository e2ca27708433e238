import { parse, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';
import type { TranslateTexts } from '../translate-segments.ts';

/** A Rails locale file as rails-i18n and app teams write them. */
const RAILS = `# Translations for the shop
en:
  shared: &shared
    save: Save   # the button
    cancel: 'Cancel'
  orders:
    <<: *shared
    title: "Your orders"
    count:
      one: "%{count} order"
      other: "%{count} orders"
    empty_html: Nothing here yet. <a href="/shop">Browse the shop</a>
    help: |
      Orders appear here once paid.
      Ask us if one is missing.
    notice: >-
      We ship within two days,
      except on holidays.
  date:
    formats:
      default: "%Y-%m-%d"
      long: "%B %d, %Y"
    day_names: [Sunday, Monday]
    order: [:year, :month, :day]
  support_url: https://example.org/help
  limit: 10
  enabled: true
`;

const marked: TranslateTexts = async (texts) => texts.map((text) => `«${text.toUpperCase()}»`);

describe('yaml adapter', () => {
  it('translates a Rails locale file: values only, the locale key renamed, the rest byte for byte', async () => {
    const { text, prepared } = await translateFile('en.yml', RAILS, { target: 'fra_Latn' });
    const after = parse(text, { merge: true });
    expect(Object.keys(after)).toEqual(['fr']);
    const fr = after.fr;
    expect(fr.shared).toEqual({ save: 'SAVE', cancel: 'CANCEL' });
    // The merge key still brings the anchored values in.
    expect(fr.orders.save).toBe('SAVE');
    expect(fr.orders.title).toBe('YOUR ORDERS');
    expect(fr.orders.count).toEqual({ one: '%{count} ORDER', other: '%{count} ORDERS' });
    expect(fr.orders.empty_html).toBe('NOTHING HERE YET. <a href="/shop">BROWSE THE SHOP</a>');
    expect(fr.orders.help).toBe('ORDERS APPEAR HERE ONCE PAID.\nASK US IF ONE IS MISSING.\n');
    expect(fr.orders.notice).toBe('WE SHIP WITHIN TWO DAYS, EXCEPT ON HOLIDAYS.');
    expect(fr.date.day_names).toEqual(['SUNDAY', 'MONDAY']);
    // Not words: date formats, symbols, URLs, numbers, booleans.
    expect(fr.date.formats).toEqual({ default: '%Y-%m-%d', long: '%B %d, %Y' });
    expect(fr.date.order).toEqual([':year', ':month', ':day']);
    expect(fr.support_url).toBe('https://example.org/help');
    expect([fr.limit, fr.enabled]).toEqual([10, true]);
    expect(prepared.segments).not.toContain('%{count}');
    // Comments, the anchor and alias, quoting and layout are the upload's.
    expect(text).toContain(
      '# Translations for the shop\nfr:\n  shared: &shared\n    save: SAVE   # the button\n',
    );
    expect(text).toContain("    cancel: 'CANCEL'\n  orders:\n    <<: *shared\n");
    expect(text).toContain(
      '    help: |\n      ORDERS APPEAR HERE ONCE PAID.\n      ASK US IF ONE IS MISSING.\n',
    );
    expect(text.split('\n')).toHaveLength(RAILS.split('\n').length - 1);
  });

  it('quotes a translation that bare YAML would read otherwise, for an RTL target too', async () => {
    const source = 'ar:\n  a: Plain words\n  b: [One, Two]\n';
    const colon: TranslateTexts = async (texts) => texts.map((text) => `${text}: نعم, #1`);
    const { text } = await translateFile('ar.yml', source, { translate: colon, target: 'arb_Arab' });
    expect(parse(text)).toEqual({
      ar: { a: 'Plain words: نعم, #1', b: ['One: نعم, #1', 'Two: نعم, #1'] },
    });
    const rtl = await translateFile('ar.yml', source, { translate: marked, target: 'arb_Arab' });
    expect(parse(rtl.text)).toEqual({ ar: { a: '«PLAIN WORDS»', b: ['«ONE»', '«TWO»'] } });
  });

  it('translates YAML that is not a locale file as nested strings, every document of it', async () => {
    const source =
      'title: Getting started\nsteps:\n  - Install it\n  - Run it\n---\nfooter: Thanks for reading\n';
    const { text } = await translateFile('guide.yaml', source);
    const documents = text.split('---\n').map((part) => parse(part));
    expect(documents).toEqual([
      { title: 'GETTING STARTED', steps: ['INSTALL IT', 'RUN IT'] },
      { footer: 'THANKS FOR READING' },
    ]);
    expect(parseDocument(text.split('---\n')[0]!).contents).toBeTruthy();
  });

  it('refuses broken YAML, and never expands aliases (a billion laughs costs its text)', async () => {
    await expect(translateFile('bad.yml', 'en:\n  a: "open\n  b: c\n')).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
    });
    await expect(translateFile('dup.yml', 'en:\n  a: One\n  a: Two\n')).rejects.toThrow(/not valid YAML/);
    const laughs = [
      'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
      ...'bcdefghi'.split('').map((name, i) => {
        const previous = 'abcdefghi'[i]!;
        return `${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`;
      }),
    ].join('\n');
    const { prepared } = await translateFile('laughs.yml', laughs);
    expect(prepared.segments).toEqual(Array(9).fill('lol'));
    const deep = `${'['.repeat(5000)}x${']'.repeat(5000)}`;
    await expect(translateFile('deep.yml', deep)).rejects.toMatchObject({ code: 'INVALID_DOCUMENT' });
  });

  it('keeps HTML character references in values (&laquo; &amp; &#39;) as they were written', async () => {
    const source = `en:\n  quote_html: "&laquo;Hello&raquo;, Tom &amp; Jerry&#39;s"\n  plain: Fish &amp; chips\n`;
    const tricky: TranslateTexts = async (texts) =>
      texts.map((text) => `« ${text.toUpperCase()} » & < ' " # :`);
    const { text, prepared } = await translateFile('en.yml', source, { translate: tricky });
    expect(prepared.segments.join(' ')).not.toMatch(/&\w+;|&#/);
    expect(parse(text)).toEqual({
      fr: {
        // One sentence each: the references are held inside it and come back as they were written.
        quote_html: `« &laquo;HELLO&raquo;, TOM &amp; JERRY&#39;S » & < ' " # :`,
        plain: `« FISH &amp; CHIPS » & < ' " # :`,
      },
    });
  });
});
