/**
 * Trains the language-detection n-gram model and writes it into the repo.
 *
 *   npx tsx apps/server/scripts/train-detector.ts [--udhr DIR] [--dev-only] [--alpha A] [--max-order N]
 *     [--min-count C] [--phrase-weight W]
 *
 * 1. Reads the UDHR (default: ../shared/data/udhr next to the checkout) and splits every language's
 *    paragraphs into train / dev / test by position (scripts/detector-training/data/udhr-split.ts).
 * 2. Trains on the train split, reports accuracy on dev and tunes the confidence sharpness there,
 *    then the prior over languages (training/tune-prior.ts, with the everyday dev messages of
 *    scripts/detector-training/data/everyday-dev.tsv) and the confidence calibration.
 * 3. Unless --dev-only: retrains on train + dev with those settings and writes
 *    src/detection/model/ngram-model.bin.br and the untouched test split
 *    scripts/detector-training/data/udhr-test.tsv (what the benchmark and the accuracy tests read).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDetector } from '../src/detection/detector.ts';
import type { Sample } from './detector-training/data/evaluate.ts';
import { evaluate } from './detector-training/data/evaluate.ts';
import { MIN_FULL_CHARS, snippets } from './detector-training/data/udhr-split.ts';
import { encodeModel } from '../src/detection/model-format.ts';
import type { ModelHeader } from '../src/detection/model-format.ts';
import { NgramModel } from '../src/detection/ngram-model.ts';
import { groupByLanguage } from './detector-training/training/corpus.ts';
import { collectSources } from './detector-training/training/sources.ts';
import { fetchSib, SIB_LANGUAGES } from './detector-training/training/sib-text.ts';
import { calibrate } from './detector-training/training/calibrate.ts';
import { fitConfidence } from './detector-training/training/fit-confidence.ts';
import { tunePrior } from './detector-training/training/tune-prior.ts';
import { readSamples } from './detector-training/data/read-samples.ts';
import type { SourceText } from './detector-training/training/sources.ts';
import { SENTENCE_SOURCES } from './detector-training/training/sources.ts';
import type { ScriptScorer } from '../src/detection/ranking.ts';
import { SHARED_SCRIPTS } from '../src/detection/script-languages.ts';
import { softwareMessages } from './detector-training/data/software-messages.ts';
import type { TrainingOptions } from './detector-training/training/naive-bayes.ts';
import { DEFAULT_TRAINING, trainNaiveBayes } from './detector-training/training/naive-bayes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const detectionDir = path.resolve(here, '../src/detection');
const repoRoot = path.resolve(here, '../../..');

const { values: args } = parseArgs({
  options: {
    udhr: { type: 'string', default: path.resolve(repoRoot, '../shared/data/udhr') },
    'dev-only': { type: 'boolean', default: false },
    'no-cldr-all': { type: 'boolean', default: false },
    'no-message-calibration': { type: 'boolean', default: false },
    alpha: { type: 'string' },
    'max-order': { type: 'string' },
    'min-count': { type: 'string' },
    'phrase-weight': { type: 'string', default: '10' },
  },
});

const options: TrainingOptions = {
  ...DEFAULT_TRAINING,
  ...(args.alpha ? { alpha: Number(args.alpha) } : {}),
  ...(args['max-order'] ? { maxOrder: Number(args['max-order']) } : {}),
  ...(args['min-count'] ? { minCount: Number(args['min-count']) } : {}),
};

function buildModel(texts: Map<string, string[]>, trainedOn: string): NgramModel {
  const { header, arrays } = trainNaiveBayes(texts, options, trainedOn);
  return new NgramModel({ ...header, sharpness: 1, bias: [] }, arrays);
}

/** Every dev text the model is calibrated on: whole lines, their short snippets, and extra strings. */
function calibrationSamples(lines: readonly SourceText[]): Sample[] {
  const udhr = bySource(lines, true);
  return [...fullSamples(udhr), ...shortSamples(udhr), ...bySource(lines, false)];
}

function fullSamples(lines: readonly Sample[]): Sample[] {
  return lines.filter((sample) => sample.text.length >= MIN_FULL_CHARS);
}

function shortSamples(lines: readonly Sample[]): Sample[] {
  return fullSamples(lines).flatMap(({ language, text }) =>
    snippets(text).map((snippet) => ({ language, text: snippet })),
  );
}

function report(label: string, model: NgramModel, samples: readonly Sample[]): void {
  const detector = createDetector({
    scorer: (text, _script, candidates) => model.probabilities(text, candidates),
  });
  const result = evaluate(samples, (text) => detector.detect(text)?.language);
  const regions = Object.entries(result.byRegion)
    .map(([region, { macro, languages }]) => `${region} ${(macro * 100).toFixed(1)} (${languages})`)
    .join(', ');
  console.log(
    `${label}: macro ${(result.macro * 100).toFixed(2)} % over ${result.byLanguage.size} languages, ${result.samples} texts; ${regions}`,
  );
  const worst = [...result.byLanguage]
    .map(([language, stats]) => ({ language, accuracy: stats.correct / stats.total, stats }))
    .sort((a, b) => a.accuracy - b.accuracy)
    .slice(0, 12);
  console.log(
    '  weakest: ' +
      worst
        .map(({ language, accuracy, stats }) => {
          const top = [...stats.confusedWith].sort((a, b) => b[1] - a[1])[0];
          return `${language} ${(accuracy * 100).toFixed(0)}%${top ? `→${top[0]}` : ''}`;
        })
        .join(', '),
  );
}

// SIB-200's train and dev files are not committed: fetched once into ~/.cache/sema (sib-text.ts).
await fetchSib(SIB_LANGUAGES);
const { texts, skipped } = collectSources(args.udhr, {
  cldrForAll: !args['no-cldr-all'],
  gettextRoot: '/usr/share/locale',
});
if (!texts.some((text) => text.source === 'udhr')) throw new Error(`No UDHR text found in ${args.udhr}`);
for (const [language, reason] of skipped) console.log(`UDHR of ${language} not used: ${reason}`);
// Languages decided by their script alone (and Chinese, split by character tables) need no model.
const modelLanguages = new Set(
  Object.entries(SHARED_SCRIPTS)
    .filter(([script]) => script !== 'Han')
    .flatMap(([, codes]) => codes),
);
const usable = texts.filter((text) => modelLanguages.has(text.language));
const messagesDev = softwareMessages('dev');
const useMessages = !args['no-message-calibration'];
// The everyday phrases are a few hundred lines beside tens of thousands of legal and software text:
// counted once, "hello" stayed a rarer n-gram in English than in Sesotho. Counted ten times (chosen
// on the everyday dev messages, against the other dev sets), they teach the register people type.
const phraseWeight = Number(args['phrase-weight']);
const trainLines = usable
  .filter((line) => line.split === 'train')
  .flatMap((line) => (line.source === 'phrases' ? Array<SourceText>(phraseWeight).fill(line) : [line]));
const devLines = usable.filter((line) => line.split === 'dev');
// The test split covers every language, with or without a model: the benchmark measures the whole detector.
const testLines = texts.filter((line) => line.split === 'test');
const bySource = (lines: readonly SourceText[], udhr: boolean) =>
  lines.filter((line) => SENTENCE_SOURCES.has(line.source) === udhr);

console.log(`options: ${JSON.stringify({ ...options, phraseWeight })}`);
let started = Date.now();
const devModel = buildModel(groupByLanguage(trainLines), 'train split');
console.log(
  `trained on train split in ${Date.now() - started} ms: ${devModel.header.keyCount} keys, ${devModel.header.entryCount} entries`,
);

// Honest dev figures: calibrate on half of the dev lines, report on the other half.
const devHalves = [0, 1].map((half) => devLines.filter((_, index) => index % 2 === half));
const messageHalves = [0, 1].map((half) => messagesDev.filter((_, index) => index % 2 === half));
const halfCalibration = calibrate(devModel, [
  ...calibrationSamples(devHalves[0]!),
  ...(useMessages ? [...messageHalves[0]!, ...shortSamples(messageHalves[0]!)] : []),
]);
const reportModel = devModel.withCalibration(halfCalibration.sharpness, halfCalibration.bias);
const uncalibrated = devModel.withCalibration(halfCalibration.sharpness, []);
for (const [label, model] of [
  ['uncalibrated', uncalibrated],
  ['calibrated', reportModel],
] as const) {
  console.log(`-- ${label} (sharpness ${halfCalibration.sharpness}), on the other half of dev:`);
  report('dev full ', model, fullSamples(bySource(devHalves[1]!, true)));
  report('dev short', model, shortSamples(bySource(devHalves[1]!, true)));
  report('dev CLDR/gettext strings', model, bySource(devHalves[1]!, false));
  report('dev out-of-domain: software messages, full', model, messageHalves[1]!);
  report('dev out-of-domain: software messages, short', model, shortSamples(messageHalves[1]!));
}
// Biases learn from the dev software messages too: text unlike any training text, which teaches them
// not to favour the languages whose training text happens to resemble it.
const { sharpness, bias, logLoss } = calibrate(devModel, [
  ...calibrationSamples(devLines),
  ...(useMessages ? [...messagesDev, ...shortSamples(messagesDev)] : []),
]);
console.log(`calibrated on all dev: sharpness ${sharpness}, log loss ${logLoss.toFixed(4)}`);
const calibratedDevModel = devModel.withCalibration(sharpness, bias);
const devScorer: ScriptScorer = (text, _script, candidates) =>
  calibratedDevModel.probabilities(text, candidates);
// The prior: everyday messages want it, every other kind of text only loses by it (tune-prior.ts).
const everydayDev = readSamples('everyday-dev.tsv');
const guardSets: [string, Sample[]][] = [
  ['UDHR short', shortSamples(bySource(devLines, true))],
  ['CLDR/gettext strings', bySource(devLines, false)],
  ...(useMessages ? ([['software messages short', shortSamples(messagesDev)]] as [string, Sample[]][]) : []),
];
started = Date.now();
const { best: bestPrior, trials } = tunePrior(
  devScorer,
  everydayDev,
  guardSets.map(([, samples]) => samples),
);
console.log(
  `prior (${Date.now() - started} ms), dev macro accuracy: everyday messages | ${guardSets.map(([name]) => name).join(' | ')} | score`,
);
for (const { settings, accuracies, score } of trials) {
  const cells = [...accuracies, score].map((value) => (value * 100).toFixed(1)).join(' | ');
  const chosen = settings === bestPrior.settings ? '  ← chosen' : '';
  console.log(`  weight ${settings.weight}, half-length ${settings.halfLength}: ${cells}${chosen}`);
}
const prior = bestPrior.settings;
// Confidence is fitted on what the detector will meet: whole lines, snippets, unfamiliar text and
// everyday messages.
const confidence = fitConfidence(
  [...calibrationSamples(devLines), ...messagesDev, ...shortSamples(messagesDev), ...everydayDev],
  devScorer,
  prior,
);
console.log(`confidence calibration: ${JSON.stringify(confidence)}`);

if (!args['dev-only']) {
  started = Date.now();
  const { header, arrays } = trainNaiveBayes(
    groupByLanguage([...trainLines, ...devLines]),
    options,
    'UDHR, long-tail and SIB-200 train + dev splits (scripts/detector-training/data/udhr-split.ts); the test split is held out',
  );
  const finalHeader: ModelHeader = { ...header, sharpness, bias, confidence, prior };
  const file = encodeModel(finalHeader, arrays);
  fs.mkdirSync(path.join(detectionDir, 'model'), { recursive: true });
  fs.writeFileSync(path.join(detectionDir, 'model', 'ngram-model.bin.br'), file);
  console.log(
    `final model: ${header.keyCount} keys, ${header.entryCount} entries, ${(file.length / 1e6).toFixed(2)} MB, ${Date.now() - started} ms`,
  );
  const writeTsv = (name: string, lines: readonly SourceText[]) => {
    const tsv = lines.map(({ language, text }) => `${language}\t${text.replace(/\s+/g, ' ')}`).join('\n');
    fs.writeFileSync(path.join(here, 'detector-training', 'data', name), `${tsv}\n`);
    console.log(`test split: ${lines.length} lines written to scripts/detector-training/data/${name}`);
  };
  writeTsv(
    'udhr-test.tsv',
    testLines.filter((line) => line.source === 'udhr'),
  );
  // Long-tail text (training/long-tail/MANIFEST.md): its held-out band, for the benchmark and tests.
  writeTsv(
    'long-tail-test.tsv',
    testLines.filter((line) => line.source === 'longtail'),
  );
  // FLORES sentences of SIB-200 (training/sib-text.ts; CC BY-SA 4.0): every other line of their
  // held-out band (20 a language), so that CI measures them without fetching anything; the
  // benchmark reads the whole band from the cache when it is there.
  writeTsv(
    'sib-held-out.tsv',
    testLines.filter((line) => line.source === 'sib').filter((_, index) => index % 2 === 0),
  );
  // CLDR strings (Unicode License) are copied; gettext messages are not (see data/software-messages.ts).
  writeTsv(
    'cldr-test.tsv',
    testLines.filter((line) => line.source === 'cldr'),
  );
}
