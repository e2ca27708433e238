/**
 * The built-in engine's copies of the tiny model written into a model cache as a load writes them,
 * then damaged (their bytes overwritten, their size kept), as a converter bug or a bad disk would
 * leave them: for the tests of the engine's loud fallbacks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { resolveModelSource } from '../engines/model-source.ts';
import { Seq2SeqModel } from '../engines/seq2seq/seq2seq-model.ts';
import { TINY_NLLB } from './tiny-nllb.ts';

export async function writeBrokenCopies(modelCache: string): Promise<void> {
  const model = await Seq2SeqModel.load({
    source: resolveModelSource(TINY_NLLB, { cacheDir: modelCache }),
    dtype: 'q8',
    threads: 1,
    copyCache: modelCache,
  });
  await model.dispose();
  const folder = path.join(modelCache, 'engine-copies');
  for (const name of fs.readdirSync(folder).filter((file) => file.endsWith('.onnx'))) {
    const file = path.join(folder, name);
    fs.writeFileSync(file, Buffer.alloc(fs.statSync(file).size, 0xff));
  }
}
