// `npm run bench:decoder-ab`: one lever of the decoder measured side by side, in one process, on a
// shared machine. Two variants decode the same seeded batches (8–40 tokens a sentence, outputs
// forced to round(1.15 × source tokens)) taking turns, the one going first alternating by round, so
// both see the same load; per batch size it prints tokens/s and tokens per CPU-second (user + system
// time of this process, which a busy machine disturbs less than the wall clock) as median (min–max)
// over the rounds, the B ÷ A ratio per round, the load average, and whether both gave the same
// tokens.
//
// A variant is a synthetic model folder (`--a`, `--b`: folders under ~/.cache/sema, or absolute;
// e.g. one generated with another graph layout, or with other weight types) with, optionally,
// ONNX Runtime session options for its decoder merged over the engine's own (`--a-session`,
// `--b-session`: JSON, e.g. '{"enableCpuMemArena":true}' or '{"intraOpNumThreads":1}') and its
// token picker (`--a-picker`, `--b-picker`: decoder, the default, runtime or js; see token-picker.ts). A variant
// with session options opens the decoder file as it is, without the engine's int8 copy: `--a-session
// '{}'` against the default B measures int8 weights against the export's uint8.
//
//   npm run bench:decoder-ab -- --model opus-mt-en-fr --a synthetic --b synthetic-s8
//       [--b-session JSON] [--a-picker js] [--batches 1,8,32] [--beams 1] [--rounds 5] [--threads 2]
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ort from 'onnxruntime-node';
import {
  BeamDecoder,
  DecoderRunner,
  engineSessionOptions,
  GreedyDecoder,
  Seq2SeqModel,
} from '@sema/server/seq2seq';
import { sentences } from './synthetic-input.ts';

const { values: args } = parseArgs({
  options: {
    model: { type: 'string', default: 'opus-mt-en-fr' },
    a: { type: 'string', default: 'synthetic' },
    b: { type: 'string', default: 'synthetic' },
    'a-session': { type: 'string' },
    'b-session': { type: 'string' },
    'a-picker': { type: 'string', default: 'decoder' },
    'b-picker': { type: 'string', default: 'decoder' },
    batches: { type: 'string', default: '1,8,32' },
    beams: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '5' },
    threads: { type: 'string' },
  },
});
const threads = Number(args.threads ?? os.availableParallelism());
const beams = Number(args.beams);
const rounds = Number(args.rounds);
const RATIO = 1.15;

/** The engine's decoder session options, for a variant to override. */
const engineOptions = engineSessionOptions(threads);

interface Variant {
  label: string;
  model: Seq2SeqModel;
  runner: DecoderRunner;
  /** The decoder session opened with the variant's options, beside the model's own. */
  own?: ort.InferenceSession;
}

async function variant(
  label: string,
  dir: string,
  session: string | undefined,
  picker: string,
): Promise<Variant> {
  if (picker !== 'decoder' && picker !== 'runtime' && picker !== 'js')
    throw new Error(`--a-picker/--b-picker: decoder, runtime or js, not ${picker}`);
  const folder = path.resolve(os.homedir(), '.cache', 'sema', dir, args.model);
  const model = await Seq2SeqModel.load({
    source: { kind: 'folder', path: folder, label },
    dtype: 'q8',
    threads,
    forceLengthRatio: RATIO,
    picker,
  });
  if (!session) return { label, model, runner: model.runner };
  const overrides = JSON.parse(session) as ort.InferenceSession.SessionOptions;
  const decoder = await ort.InferenceSession.create(
    path.join(folder, 'onnx', 'decoder_model_merged_quantized.onnx'),
    {
      ...engineOptions,
      ...overrides,
    },
  );
  const base = model.runner as unknown as { encoder: ort.InferenceSession };
  return {
    label,
    model,
    runner: new DecoderRunner(
      base.encoder,
      decoder,
      model.runner.layout,
      model.runner.special,
      model.runner.picker,
    ),
    own: decoder,
  };
}

const label = (side: 'a' | 'b') =>
  `${side.toUpperCase()} ${args[side]}${args[`${side}-session`] ? ` ${args[`${side}-session`]}` : ''}` +
  ` picker ${args[`${side}-picker`]}`;
const variants = [
  await variant(label('a'), args.a, args['a-session'], args['a-picker']),
  await variant(label('b'), args.b, args['b-session'], args['b-picker']),
];
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const spread = (values: number[], digits = 1) => {
  const sorted = [...values].sort((x, y) => x - y);
  const median = sorted[sorted.length >> 1]!;
  return `${median.toFixed(digits)} (${sorted[0]!.toFixed(digits)}–${sorted.at(-1)!.toFixed(digits)})`;
};

console.log(`${args.model}, beams ${beams}, ${threads} threads, ${rounds} rounds; load ${load()}`);
for (const v of variants) console.log(`  ${v.label}`);
for (const batch of args.batches.split(',').map(Number)) {
  const wall: number[][] = [[], []];
  const cpu: number[][] = [[], []];
  let same = true;
  for (let round = 0; round < rounds; round++) {
    const text = sentences(batch, 1000 + round);
    const outputs: string[] = [];
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const { model, runner } = variants[i]!;
      const { job } = model.prepare(text, 'eng_Latn', 'fra_Latn');
      const decoder = beams > 1 ? new BeamDecoder(runner, beams) : new GreedyDecoder(runner);
      const stats = { steps: 0, generatedTokens: 0 };
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      outputs[i] = JSON.stringify(await decoder.decode(job, stats));
      const seconds = (performance.now() - t0) / 1000;
      const used = process.cpuUsage(cpu0);
      wall[i]!.push(stats.generatedTokens / seconds);
      cpu[i]!.push(stats.generatedTokens / ((used.user + used.system) / 1e6));
    }
    same &&= outputs[0] === outputs[1];
  }
  const ratio = (m: number[][]) =>
    spread(
      m[1]!.map((b, r) => b / m[0]![r]!),
      2,
    );
  console.log(`\nbatch ${batch}:`);
  variants.forEach((v, i) => {
    console.log(
      `  ${v.label.slice(0, 1)}: ${spread(wall[i]!)} tokens/s, ${spread(cpu[i]!)} tokens per CPU-second`,
    );
  });
  console.log(
    `  B ÷ A per round: ${ratio(wall)}× tokens/s, ${ratio(cpu)}× per CPU-second; ` +
      `${same ? 'the same tokens' : 'DIFFERENT TOKENS'}; load ${load()}`,
  );
}
for (const v of variants) {
  await v.own?.release();
  await v.model.dispose();
}
