// Issue 3's real-model benchmark: sentences/s, generated tokens/s and peak memory of the NLLB
// engine's model code (in-process, the same code the model process runs), one by one and in batches.
// Needs a real model on disk and never downloads one: it uses SEMA_NLLB_MODEL when that is a folder,
// else the default model in the cache (SEMA_MODEL_CACHE, default ~/.cache/sema), which the server
// downloads on its first start. Without either it says so and skips.
// Run alone with `node --import tsx bench/translation-real.mjs`, or through `npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, table } from './lib.mjs';

const DEFAULT_ID = 'Xenova/nllb-200-distilled-600M';
const DTYPE = process.env.SEMA_NLLB_DTYPE ?? 'q8';
/** The beam width measured beside greedy decoding (SEMA_NLLB_BEAMS when set above 1, else 4). */
const BEAMS = Math.max(2, Number(process.env.SEMA_NLLB_BEAMS) || 4);
const SENTENCES = [
  'Good morning, how did you sleep?',
  'The market opens at seven and closes when the last trader goes home.',
  'Please drink clean water and wash your hands before eating.',
  'My grandmother tells the best stories about the village where she grew up.',
  'The bus to the city leaves every hour from the main square.',
  'We planted maize and beans after the first rains.',
  'Can you help me find the nearest pharmacy?',
  'The school will be closed on Friday because of the national holiday.',
  'Everyone has the right to education.',
  'Mobile money made it much easier to send money to my family.',
  'The doctor said the fever should go down in two or three days.',
  'Thank you very much for your help yesterday.',
  'How much does a kilogram of rice cost today?',
  'The river flooded the road, so we walked the long way around.',
  'She is studying to become an engineer.',
  'Turn left after the church and the clinic is on your right.',
];

function findModel() {
  const named = process.env.SEMA_NLLB_MODEL;
  if (named && fs.existsSync(path.join(named, 'config.json'))) return path.resolve(named);
  const cache = process.env.SEMA_MODEL_CACHE ?? path.join(os.homedir(), '.cache', 'sema');
  const cached = path.join(cache, named ?? DEFAULT_ID);
  const suffix = DTYPE === 'q8' ? '_quantized' : DTYPE === 'fp32' ? '' : `_${DTYPE}`;
  return fs.existsSync(path.join(cached, 'onnx', `decoder_model_merged${suffix}.onnx`)) ? cached : undefined;
}

const megabytes = (kilobytes) => `${fmt(kilobytes / 1024)} MB`;

/** Translates every sentence in batches of `batch`: seconds, generated tokens and the outputs. */
async function measure(model, target, batch) {
  let tokens = 0;
  const outputs = [];
  const started = performance.now();
  for (let i = 0; i < SENTENCES.length; i += batch) {
    const { translations, stats } = await model.translate(SENTENCES.slice(i, i + batch), 'eng_Latn', target);
    tokens += stats.generatedTokens;
    outputs.push(...translations);
  }
  return { seconds: (performance.now() - started) / 1000, tokens, outputs };
}

export async function run() {
  const folder = findModel();
  if (!folder) {
    console.log(
      `\nReal model: skipped — no model on disk. Set SEMA_NLLB_MODEL to a model folder, or start the server once ` +
        `with network access so it downloads ${DEFAULT_ID} into ~/.cache/sema.`,
    );
    return { skipped: true };
  }
  const { Seq2SeqModel } = await import('@sema/server/seq2seq');
  const threads = os.availableParallelism();
  const rssBefore = process.memoryUsage().rss / 1024;
  let started = performance.now();
  const model = await Seq2SeqModel.load({
    source: { kind: 'folder', path: folder, label: folder },
    dtype: DTYPE,
    threads,
  });
  const loadSeconds = (performance.now() - started) / 1000;
  const rssLoaded = process.memoryUsage().rss / 1024;

  const rows = [];
  const samples = [];
  for (const target of ['fra_Latn', 'swh_Latn']) {
    await model.translate(SENTENCES.slice(0, 2), 'eng_Latn', target); // warm up
    for (const batch of [1, 16]) {
      const { seconds, tokens, outputs } = await measure(model, target, batch);
      rows.push([
        `eng_Latn → ${target}`,
        String(batch),
        fmt(SENTENCES.length / seconds, 1),
        fmt(tokens / seconds),
        fmt(seconds, 2),
      ]);
      if (batch === 16) samples.push(`${target}: ${outputs[0]} | ${outputs[8]}`);
    }
  }
  // One large batch, then a pause: memory should come back (ONNX Runtime's arena is off).
  const big = Array.from({ length: 64 }, (_, i) => SENTENCES[i % SENTENCES.length] ?? '');
  await model.translate(big, 'eng_Latn', 'fra_Latn');
  const rssAfterBig = process.memoryUsage().rss / 1024;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  globalThis.gc?.();
  const rssSettled = process.memoryUsage().rss / 1024;
  const peak = process.resourceUsage().maxRSS;
  await model.dispose();

  console.log(`\nReal model: ${folder} (${DTYPE}), ${threads} threads, loaded in ${fmt(loadSeconds, 1)} s`);
  console.log(table([['direction', 'batch', 'sentences/s', 'tokens/s', 'seconds'], ...rows]));
  console.log(
    `memory: ${megabytes(rssBefore)} before load, ${megabytes(rssLoaded)} loaded, ${megabytes(rssAfterBig)} after a batch of 64, ` +
      `${megabytes(rssSettled)} a second later; peak RSS ${megabytes(peak)}`,
  );
  for (const sample of samples) console.log(`sample ${sample}`);

  // Beam search beside greedy, batches of 16, on the same sentences (quality is for a reader to judge
  // from the samples; speed is measured).
  const beamModel = await Seq2SeqModel.load({
    source: { kind: 'folder', path: folder, label: folder },
    dtype: DTYPE,
    threads,
    beams: BEAMS,
  });
  const beamRows = [];
  for (const target of ['fra_Latn', 'swh_Latn']) {
    await beamModel.translate(SENTENCES.slice(0, 2), 'eng_Latn', target); // warm up
    const greedy = rows.find((row) => row[0] === `eng_Latn → ${target}` && row[1] === '16') ?? [];
    const beam = await measure(beamModel, target, 16);
    const beamRate = SENTENCES.length / beam.seconds;
    beamRows.push([
      `eng_Latn → ${target}`,
      greedy[2] ?? '',
      fmt(beamRate, 1),
      `${fmt(beamRate / Number((greedy[2] ?? '').replaceAll(',', '')), 2)}×`,
    ]);
    console.log(`sample beam ${BEAMS} ${target}: ${beam.outputs[0]} | ${beam.outputs[8]}`);
  }
  await beamModel.dispose();
  console.log(`\nBeam search (${BEAMS} beams) beside greedy, batches of 16`);
  console.log(
    table([['direction', 'greedy sentences/s', `beam ${BEAMS} sentences/s`, 'beam / greedy'], ...beamRows]),
  );
  return { rows, beamRows, peakRssKb: peak };
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
