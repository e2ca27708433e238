/**
 * Quantizes a model folder's float32 ONNX graphs (onnx/encoder_model.onnx,
 * onnx/decoder_model_merged.onnx, external weights beside them) into the q8 files the engine runs,
 * as `npm run models -- pull` does for a float32-only hub model, for a folder of one's own and for
 * the models bench (synthetic weights). Writes `<folder>/conversion.json` with what it took.
 *
 *   node --import tsx apps/server/scripts/quantize-float32.ts FOLDER
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  quantizeFloat32Model,
  externalDataFiles,
} from '../src/translation/engines/seq2seq/convert/quantize-float32.ts';

const folder = process.argv[2];
if (!folder) {
  process.stderr.write('Usage: node --import tsx apps/server/scripts/quantize-float32.ts FOLDER\n');
  process.exit(2);
}
const graphs = ['onnx/encoder_model.onnx', 'onnx/decoder_model_merged.onnx'];
let float32Bytes = 0;
let quantizedBytes = 0;
const started = performance.now();
for (const graph of graphs) {
  const source = path.join(folder, graph);
  float32Bytes += fs.statSync(source).size;
  for (const external of externalDataFiles(source))
    float32Bytes += fs.statSync(path.join(path.dirname(source), external)).size;
  const result = quantizeFloat32Model(source, source.replace(/\.onnx$/, '_quantized.onnx'));
  quantizedBytes += result.bytes;
}
const seconds = (performance.now() - started) / 1000;
const peak = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
const report = {
  seconds: Math.round(seconds * 10) / 10,
  peakMb: peak ? Math.round(Number(peak[1]) / 1024) : undefined,
  float32Bytes,
  quantizedBytes,
};
fs.writeFileSync(path.join(folder, 'conversion.json'), `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(report)}\n`);
