/**
 * Writes training/long-tail/<code>.txt from the OLDI Seed data (CC BY-SA 4.0; see long-tail/MANIFEST.md):
 *
 *   npx tsx apps/server/scripts/detector-training/training/long-tail-seed.ts --seed DIR [--lines 200]
 *
 * DIR is the `seed/` folder of github.com/openlanguagedata/seed at 45849676 (its last version with
 * data). Seed is one English Wikipedia sentence per line, translated line for line into every
 * language, in article order. The same lines are taken for every language (the first sentences of
 * articles spread evenly over the file), so that the position split (data/udhr-split.ts) holds out
 * the same sentences in every language: a test sentence is never a translation of a training one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * Catalogue code → Seed file, for the catalogue languages without usable running text here. Not
 * Seed's Moroccan and Egyptian Arabic: their Wikipedia sentences share most words with standard
 * Arabic, and trained on them the model took standard Arabic for Moroccan (dev: 38 % of UDHR
 * snippets, 23 % of software messages); the dialects keep their marker words.
 */
export const SEED_FILES: Record<string, string> = {
  ace_Arab: 'ace_Arab',
  bjn_Arab: 'bjn_Arab',
  dik_Latn: 'dik_Latn',
  fuv_Latn: 'fuv_Latn',
  hne_Deva: 'hne_Deva',
  kas_Arab: 'kas_Arab',
  kas_Deva: 'kas_Deva',
  knc_Arab: 'knc_Arab',
  lim_Latn: 'lim_Latn',
  lmo_Latn: 'lmo_Latn',
  ltg_Latn: 'ltg_Latn',
  mni_Beng: 'mni_Beng',
  nus_Latn: 'nus_Latn',
  taq_Latn: 'taq_Latn',
  taq_Tfng: 'taq_Tfng',
  // Seed relabelled its "tzm_Tfng" as Standard Moroccan Tamazight (zgh); the catalogue's tzm_Tfng is
  // NLLB's, trained on that same text, and already learns from CLDR's zgh strings.
  tzm_Tfng: 'zgh_Tfng',
};

/** Sentences taken from each article: a few, so that the lines come from many articles. */
const PER_ARTICLE = 5;

/**
 * Line indices: the first usable sentences of articles spread evenly over the file, about `target`
 * lines in all. With a few sentences per article, a position band of the split holds several
 * articles, and no article has lines in two bands but at a band's edge.
 */
export function pickArticles(
  urls: readonly string[],
  target: number,
  usable: (index: number) => boolean = () => true,
): number[] {
  const articles: number[][] = [];
  urls.forEach((url, index) => {
    const last = articles.at(-1);
    if (last && urls[last[0]!] === url) last.push(index);
    else articles.push([index]);
  });
  const spread = (count: number) =>
    Array.from({ length: count }, (_, k) =>
      articles[Math.floor((k * articles.length) / count)]!.filter(usable).slice(0, PER_ARTICLE),
    ).flat();
  let count = Math.min(articles.length, Math.ceil(target / PER_ARTICLE));
  while (count < articles.length && spread(count).length < target) count++;
  return spread(count);
}

function main(): void {
  const { values } = parseArgs({
    options: { seed: { type: 'string' }, lines: { type: 'string', default: '200' } },
  });
  if (!values.seed) throw new Error('Give --seed DIR: the seed/ folder of github.com/openlanguagedata/seed');
  const read = (file: string) => fs.readFileSync(path.join(values.seed!, file), 'utf8').split('\n');
  // metadata.tsv has a header line; the language files do not.
  const urls = read('metadata.tsv')
    .slice(1)
    .map((line) => line.split('\t')[0]!);
  const files = Object.fromEntries(Object.entries(SEED_FILES).map(([code, file]) => [code, read(file)]));
  // A line is usable when every language has it, and no two languages have the same line: a third of
  // Seed's Tamasheq (Tifinagh) lines are copies of its Standard Moroccan Tamazight ones.
  const usable = (index: number) => {
    const lines = Object.values(files).map((file) => file[index]?.trim() ?? '');
    return lines.every(Boolean) && new Set(lines).size === lines.length;
  };
  const picked = pickArticles(urls, Number(values.lines), usable);
  const out = new URL('./long-tail/', import.meta.url);
  for (const [code, lines] of Object.entries(files)) {
    const text = picked.map((index) => lines[index]!.trim().replace(/\s+/g, ' '));
    fs.writeFileSync(new URL(`${code}.txt`, out), `${text.join('\n')}\n`);
    const chars = text.reduce((sum, line) => sum + line.length, 0);
    console.log(`${code}: ${text.length} lines, ${chars} characters`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
