/**
 * Language detection benchmark: macro accuracy (overall and by region) on held-out text, full and
 * short, and detections per second on 100-character texts, for Sema's detector and franc-all
 * restricted to the catalogue, side by side in one run.
 *
 *   npm run bench:detect        (or: node --import tsx bench/detect.ts [--model FILE])
 *
 * --model FILE measures another n-gram model file (an older one, to compare on the same test sets).
 *
 * Test sets (none of them in any training or tuning data):
 * - UDHR: the test split of the declaration (apps/server/scripts/detector-training/data/udhr-test.tsv). Full =
 *   lines of 30+ characters; short = consecutive snippets of ≤ 30 characters cut on word boundaries.
 *   franc's own trigrams were built from the whole UDHR, test lines included: franc is flattered here.
 * - Long-tail text: the test band of the openly licensed running text of languages the UDHR lacks
 *   (apps/server/scripts/detector-training/data/long-tail-test.tsv; sources in
 *   training/long-tail/MANIFEST.md), full and short like the UDHR.
 * - FLORES sentences (SIB-200's train and dev files, never its test.tsv; training/sib-text.ts): the
 *   held-out band of the languages trained on them (data/sib-held-out.tsv, committed), and, when the
 *   retraining script has fetched SIB-200 into ~/.cache/sema, the same band for every catalogue
 *   language: news-style sentences, out of domain for the languages trained on the UDHR alone.
 * - Software messages: translated messages of the software installed on this machine (see
 *   data/software-messages.ts): out of domain for every model, including franc.
 * - CLDR strings: held-out names of languages, countries, months, units (word-level, not sentences).
 * - Everyday messages: greetings, thanks and first questions of 1–8 words written for this project
 *   (data/everyday-test.tsv) in the 60 most spoken catalogue languages and a dozen of their smaller
 *   neighbours; reported for the 60, for the spec's popular set, and for the neighbours, whom a
 *   prior towards big languages could hurt.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { francAll } from 'franc-all';
import { CATALOGUE, POPULAR_CODES } from '@sema/shared/languages/catalogue';
import type { Region } from '@sema/shared/languages/catalogue';
import {
  evaluate,
  MIN_FULL_CHARS,
  readSamples,
  sibHeldOut,
  snippets,
  softwareMessages,
  type AccuracyReport,
  type Sample,
} from '@sema/server/detection-data';
import {
  countScripts,
  createDetector,
  francCodeOf,
  francScores,
  mostSpoken,
  scriptOfLanguage,
} from '@sema/server/detection';

const short = (samples: readonly Sample[]) =>
  samples.flatMap(({ language, text }) => snippets(text).map((snippet) => ({ language, text: snippet })));

// --- franc-all restricted to the catalogue: the JavaScript baseline the issue names. -------------
// franc answers script-level codes for some scripts ('cmn' for any Han, 'zgh' for Tifinagh).
const FRANC_EXTRA: Record<string, string> = { cmn: 'cmn_Hans', zgh: 'tzm_Tfng' };
const byFrancCode = new Map<string, string[]>();
for (const { code } of CATALOGUE) {
  const francCode = francCodeOf(code);
  byFrancCode.set(francCode, [...(byFrancCode.get(francCode) ?? []), code]);
}
const francOnly = [...byFrancCode.keys(), ...Object.keys(FRANC_EXTRA)];

function dominantScript(text: string): string | undefined {
  return [...countScripts(text)].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function francBaseline(text: string): string | undefined {
  const [code] = francAll(text, { only: francOnly, minLength: 1 })[0] ?? [];
  if (!code || code === 'und') return undefined;
  const extra = FRANC_EXTRA[code];
  if (extra) return extra;
  const codes = byFrancCode.get(code) ?? [];
  // One ISO code, two scripts (ace_Arab / ace_Latn, ...): the script of the text decides.
  if (codes.length > 1) {
    const script = dominantScript(text);
    return codes.find((candidate) => scriptOfLanguage(candidate) === script) ?? codes[0];
  }
  return codes[0];
}

// --- The contenders. ---------------------------------------------------------------------------
const { values: args } = parseArgs({ options: { model: { type: 'string' } } });
const sema = createDetector(args.model ? { modelFile: pathToFileURL(args.model) } : {});
const francWithRules = createDetector({ scorer: francScores, model: 'franc-all + script rules' });
const contenders: [string, (text: string) => string | undefined][] = [
  ['franc-all (catalogue only)', francBaseline],
  ['franc-all + Sema script rules', (text) => francWithRules.detect(text)?.language],
  ['Sema detector', (text) => sema.detect(text)?.language],
];

const udhr = readSamples('udhr-test.tsv');
const udhrFull = udhr.filter((sample) => sample.text.length >= MIN_FULL_CHARS);
const messages = softwareMessages('test');
// Openly licensed running text of long-tail languages (training/long-tail/MANIFEST.md), its test band.
const longTail = readSamples('long-tail-test.tsv').filter((sample) => sample.text.length >= MIN_FULL_CHARS);
// FLORES sentences from SIB-200's train and dev files: the held-out band (training/sib-text.ts).
const flores = readSamples('sib-held-out.tsv').filter((sample) => sample.text.length >= MIN_FULL_CHARS);
const floresAll = sibHeldOut(CATALOGUE.map(({ code }) => code)).filter(
  (sample) => sample.text.length >= MIN_FULL_CHARS,
);
const sets: [string, Sample[]][] = [
  ['UDHR test, full', udhrFull],
  ['UDHR test, short ≤30', short(udhrFull)],
  ['Long-tail text, full', longTail],
  ['Long-tail text, short ≤30', short(longTail)],
  ['FLORES, languages trained on it, full', flores],
  ['FLORES, languages trained on it, short ≤30', short(flores)],
  ['FLORES, all languages, full', floresAll],
  ['FLORES, all languages, short ≤30', short(floresAll)],
  ['Software messages, full', messages],
  ['Software messages, short ≤30', short(messages)],
  ['CLDR strings (words)', readSamples('cldr-test.tsv')],
  ...everydaySets(),
];

/** The everyday messages, split into the 60 most spoken languages, the popular set, and the rest. */
function everydaySets(): [string, Sample[]][] {
  const everyday = readSamples('everyday-test.tsv');
  const top = new Set(mostSpoken(60));
  const popular = new Set<string>(POPULAR_CODES);
  return [
    ['Everyday messages, 60 most spoken', everyday.filter((sample) => top.has(sample.language))],
    ['Everyday messages, popular set', everyday.filter((sample) => popular.has(sample.language))],
    ['Everyday messages, smaller neighbours', everyday.filter((sample) => !top.has(sample.language))],
  ];
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const REGIONS: Region[] = ['Africa', 'Americas', 'Asia', 'Europe', 'Oceania'];

sema.detect('warm-up: load the model before timing anything');
const reports = new Map<string, AccuracyReport[]>();
for (const [name, samples] of sets) {
  if (samples.length === 0) {
    console.log(`(${name}: no text on this machine, skipped)`);
    continue;
  }
  reports.set(
    name,
    contenders.map(([, detect]) => evaluate(samples, detect)),
  );
}

console.log('\nMacro accuracy (each language counts once), held-out text:\n');
console.log(`| Test set | Languages | Texts | ${contenders.map(([name]) => name).join(' | ')} |`);
console.log(`|---|---:|---:|${contenders.map(() => '---:').join('|')}|`);
for (const [name, results] of reports) {
  const first = results[0]!;
  console.log(
    `| ${name} | ${first.byLanguage.size} | ${first.samples} | ${results.map((r) => percent(r.macro)).join(' | ')} |`,
  );
}

console.log('\nBy region (Sema detector / franc-all catalogue only):\n');
console.log(`| Test set | ${REGIONS.join(' | ')} |`);
console.log(`|---|${REGIONS.map(() => '---:').join('|')}|`);
for (const [name, results] of reports) {
  const ours = results[2]!;
  const franc = results[0]!;
  const cells = REGIONS.map((region) => {
    const a = ours.byRegion[region];
    const b = franc.byRegion[region];
    return a && b ? `${percent(a.macro)} / ${percent(b.macro)} (${a.languages})` : '–';
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}

// --- Coverage: which catalogue languages each test set can say nothing about. --------------------
const tested = new Set([...reports.values()].flatMap((results) => [...results[0]!.byLanguage.keys()]));
const untested = CATALOGUE.map(({ code }) => code).filter((code) => !tested.has(code));
console.log(`\nCatalogue languages with no test text at all (${untested.length}): ${untested.join(' ')}`);

// --- The languages issues 39 and 50 name, per test set (Sema detector: right / texts). -------------
const NAMED = [
  ...['kam_Latn', 'kik_Latn', 'luo_Latn', 'tum_Latn', 'nya_Latn', 'kin_Latn', 'run_Latn', 'swh_Latn'],
  ...['sag_Latn', 'aka_Latn', 'twi_Latn', 'dyu_Latn', 'bam_Latn', 'cjk_Latn', 'lua_Latn', 'kon_Latn'],
  ...['dik_Latn', 'fuv_Latn', 'ara_Arab', 'arz_Arab', 'ary_Arab', 'aeb_Arab', 'apc_Arab', 'ajp_Arab'],
  ...['acm_Arab', 'acq_Arab', 'ars_Arab', 'hin_Deva', 'awa_Deva', 'mag_Deva', 'bho_Deva', 'yue_Hant'],
  ...['szl_Latn', 'scn_Latn', 'pap_Latn', 'pes_Arab', 'prs_Arab', 'azb_Arab', 'hrv_Latn', 'bos_Latn'],
  ...['zsm_Latn', 'ind_Latn', 'mni_Beng', 'kas_Deva', 'knc_Arab', 'ltg_Latn', 'lmo_Latn'],
];
console.log('\nLanguages of issues 39 and 50, Sema detector (right / texts, most taken for):\n');
console.log(`| Language | ${[...reports.keys()].join(' | ')} |`);
console.log(`|---|${[...reports.keys()].map(() => '---:').join('|')}|`);
for (const language of NAMED) {
  const cells = [...reports.values()].map((results) => {
    const stats = results[2]!.byLanguage.get(language);
    if (!stats) return '–';
    const [confused] = [...stats.confusedWith].sort((a, b) => b[1] - a[1]);
    const accuracy = `${Math.round((100 * stats.correct) / stats.total)} % of ${stats.total}`;
    return confused && stats.correct < stats.total ? `${accuracy} (→ ${confused[0]})` : accuracy;
  });
  console.log(`| ${language} | ${cells.join(' | ')} |`);
}

// --- Weakest languages of the Sema detector. -----------------------------------------------------
for (const name of [
  'UDHR test, short ≤30',
  'Long-tail text, full',
  'Long-tail text, short ≤30',
  'FLORES, all languages, full',
  'FLORES, all languages, short ≤30',
  'Software messages, full',
  'Everyday messages, 60 most spoken',
]) {
  const results = reports.get(name);
  if (!results) continue;
  const weakest = [...results[2]!.byLanguage]
    .map(([language, stats]) => ({ language, accuracy: stats.correct / stats.total, stats }))
    .filter(({ accuracy }) => accuracy < 0.8)
    .sort((a, b) => a.accuracy - b.accuracy)
    .map(({ language, accuracy, stats }) => {
      const [confused] = [...stats.confusedWith].sort((a, b) => b[1] - a[1]);
      return `${language} ${Math.round(accuracy * 100)} %${confused ? ` (→ ${confused[0]})` : ''}`;
    });
  console.log(`\nSema, ${name}: languages under 80 % (${weakest.length}): ${weakest.join(', ') || 'none'}`);
}

// --- Speed: detections per second on 100-character texts, one core. -------------------------------
// The contenders take turns on chunks of 100 texts and each is charged the CPU time of its own chunks
// (process.cpuUsage, not the wall clock): on a machine shared with other work, a load spike then
// slows every contender alike instead of whichever happened to be running. Rounds after a warm-up
// round; the median and the range of the ratios are reported.
const hundred = udhr.filter((sample) => sample.text.length >= 100).map((sample) => sample.text.slice(0, 100));
const ROUNDS = 7;
function cpuRates(): number[] {
  const seconds = contenders.map(() => 0);
  let texts = 0;
  for (let start = 0; start < hundred.length; start += 100) {
    const chunk = hundred.slice(start, start + 100);
    texts += chunk.length;
    contenders.forEach(([, detect], index) => {
      const before = process.cpuUsage();
      for (const text of chunk) detect(text);
      const used = process.cpuUsage(before);
      seconds[index]! += (used.user + used.system) / 1e6;
    });
  }
  return seconds.map((value) => texts / value);
}
cpuRates();
const rounds = Array.from({ length: ROUNDS }, cpuRates);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `\nDetections per second of CPU time, 100-character texts (${hundred.length} texts, one core, ${ROUNDS} rounds):\n`,
);
console.log('| Detector | Detections/s (median) | Relative (median) | Relative (range) |');
console.log('|---|---:|---:|---:|');
contenders.forEach(([name], index) => {
  const ratios = rounds.map((rates) => rates[index]! / rates[0]!);
  const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×`;
  console.log(
    `| ${name} | ${Math.round(median(rounds.map((rates) => rates[index]!))).toLocaleString('en')} | ${median(ratios).toFixed(2)}× | ${range} |`,
  );
});
