/**
 * Trains the language-detection n-gram model and writes it into the repo.
 *
 *   npx tsx apps/server/scripts/train-detector.ts [--udhr DIR] [--dev-only] [--alpha A] [--max-order N] [--min-count C]
 *
 * 1. Reads the UDHR (default: ../shared/data/udhr next to the checkout) and splits every language's
 *    paragraphs into train / dev / test by position (src/detection/data/udhr-split.ts).
 * 2. Trains on the train split, reports accuracy on dev and tunes the confidence sharpness there.
 * 3. Unless --dev-only: retrains on train + dev with those settings and writes
 *    src/detection/model/ngram-model.bin.br and the untouched test split
 *    src/detection/data/udhr-test.tsv (what the benchmark and the accuracy tests read).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDetector } from '../src/detection/detector.ts';
import type { Sample } from '../src/detection/data/evaluate.ts';
import { evaluate } from '../src/detection/data/evaluate.ts';
import { MIN_FULL_CHARS, snippets } from '../src/detection/data/udhr-split.ts';
import { encodeModel } from '../src/detection/model-format.ts';
import type { ModelHeader } from '../src/detection/model-format.ts';
import { NgramModel } from '../src/detection/ngram-model.ts';
import { groupByLanguage } from '../src/detection/training/corpus.ts';
import { collectSources } from '../src/detection/training/sources.ts';
import type { SourceText } from '../src/detection/training/sources.ts';
import { SHARED_SCRIPTS } from '../src/detection/script-languages.ts';
import type { TrainingOptions } from '../src/detection/training/naive-bayes.ts';
import { DEFAULT_TRAINING, trainNaiveBayes } from '../src/detection/training/naive-bayes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const detectionDir = path.resolve(here, '../src/detection');
const repoRoot = path.resolve(here, '../../..');

const { values: args } = parseArgs({
  options: {
    udhr: { type: 'string', default: path.resolve(repoRoot, '../shared/data/udhr') },
    'dev-only': { type: 'boolean', default: false },
    alpha: { type: 'string' },
    'max-order': { type: 'string' },
    'min-count': { type: 'string' },
  },
});

const options: TrainingOptions = {
  ...DEFAULT_TRAINING,
  ...(args.alpha ? { alpha: Number(args.alpha) } : {}),
  ...(args['max-order'] ? { maxOrder: Number(args['max-order']) } : {}),
  ...(args['min-count'] ? { minCount: Number(args['min-count']) } : {}),
};

function buildModel(texts: Map<string, string[]>, sharpness: number, trainedOn: string): NgramModel {
  const { header, arrays } = trainNaiveBayes(texts, options, trainedOn);
  return new NgramModel({ ...header, sharpness }, arrays);
}

function fullSamples(lines: readonly Sample[]): Sample[] {
  return lines.filter((sample) => sample.text.length >= MIN_FULL_CHARS);
}

function shortSamples(lines: readonly Sample[]): Sample[] {
  return fullSamples(lines).flatMap(({ language, text }) => snippets(text).map((snippet) => ({ language, text: snippet })));
}

/** Mean negative log-likelihood of the right language: what the sharpness is tuned to minimise. */
function logLoss(model: NgramModel, samples: readonly Sample[], sharpness: number): number {
  let loss = 0;
  let counted = 0;
  for (const { language, text } of samples) {
    const result = model.logLikelihoods(text, model.header.languages);
    if (!result || !result.scores.has(language)) continue;
    let max = -Infinity;
    for (const value of result.scores.values()) max = Math.max(max, value * sharpness);
    let sum = 0;
    for (const value of result.scores.values()) sum += Math.exp(value * sharpness - max);
    loss += -(result.scores.get(language)! * sharpness - max - Math.log(sum));
    counted++;
  }
  return loss / counted;
}

function tuneSharpness(model: NgramModel, samples: readonly Sample[]): number {
  let best = { sharpness: 1, loss: Infinity };
  for (let sharpness = 0.02; sharpness <= 1.5; sharpness *= 1.25) {
    const loss = logLoss(model, samples, sharpness);
    if (loss < best.loss) best = { sharpness, loss };
  }
  return Math.round(best.sharpness * 1e4) / 1e4;
}

function report(label: string, model: NgramModel, samples: readonly Sample[]): void {
  const detector = createDetector({ scorer: (text, _script, candidates) => model.probabilities(text, candidates) });
  const result = evaluate(samples, (text) => detector.detect(text)?.language);
  const regions = Object.entries(result.byRegion)
    .map(([region, { macro, languages }]) => `${region} ${(macro * 100).toFixed(1)} (${languages})`)
    .join(', ');
  console.log(`${label}: macro ${(result.macro * 100).toFixed(2)} % over ${result.byLanguage.size} languages, ${result.samples} texts; ${regions}`);
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

const { texts, skipped } = collectSources(args.udhr);
if (!texts.some((text) => text.source === 'udhr')) throw new Error(`No UDHR text found in ${args.udhr}`);
for (const [language, reason] of skipped) console.log(`UDHR of ${language} not used: ${reason}`);
// Languages decided by their script alone (and Chinese, split by character tables) need no model.
const modelLanguages = new Set(
  Object.entries(SHARED_SCRIPTS)
    .filter(([script]) => script !== 'Han')
    .flatMap(([, codes]) => codes),
);
const usable = texts.filter((text) => modelLanguages.has(text.language));
const trainLines = usable.filter((line) => line.split === 'train');
const devLines = usable.filter((line) => line.split === 'dev');
// The test split covers every language, with or without a model: the benchmark measures the whole detector.
const testLines = texts.filter((line) => line.split === 'test');
const bySource = (lines: readonly SourceText[], udhr: boolean) => lines.filter((line) => (line.source === 'udhr') === udhr);

console.log(`options: ${JSON.stringify(options)}`);
let started = Date.now();
const devModel = buildModel(groupByLanguage(trainLines), 1, 'UDHR train split');
console.log(`trained on train split in ${Date.now() - started} ms: ${devModel.header.keyCount} keys, ${devModel.header.entryCount} entries`);
const sharpness = tuneSharpness(devModel, shortSamples(devLines));
console.log(`sharpness tuned on dev snippets: ${sharpness}`);
const tunedDevModel = devModel.withSharpness(sharpness);
report('dev full ', tunedDevModel, fullSamples(bySource(devLines, true)));
report('dev short', tunedDevModel, shortSamples(bySource(devLines, true)));
report('dev extra (CLDR/gettext strings)', tunedDevModel, bySource(devLines, false));

if (!args['dev-only']) {
  started = Date.now();
  const { header, arrays } = trainNaiveBayes(
    groupByLanguage([...trainLines, ...devLines]),
    options,
    'UDHR train + dev splits (src/detection/data/udhr-split.ts); the test split is held out',
  );
  const finalHeader: ModelHeader = { ...header, sharpness };
  const file = encodeModel(finalHeader, arrays);
  fs.mkdirSync(path.join(detectionDir, 'model'), { recursive: true });
  fs.writeFileSync(path.join(detectionDir, 'model', 'ngram-model.bin.br'), file);
  console.log(`final model: ${header.keyCount} keys, ${header.entryCount} entries, ${(file.length / 1e6).toFixed(2)} MB, ${Date.now() - started} ms`);
  const writeTsv = (name: string, lines: readonly SourceText[]) => {
    const tsv = lines.map(({ language, text }) => `${language}\t${text.replace(/\s+/g, ' ')}`).join('\n');
    fs.writeFileSync(path.join(detectionDir, 'data', name), `${tsv}\n`);
    console.log(`test split: ${lines.length} lines written to src/detection/data/${name}`);
  };
  writeTsv('udhr-test.tsv', bySource(testLines, true));
  writeTsv('extra-test.tsv', bySource(testLines, false));
}
