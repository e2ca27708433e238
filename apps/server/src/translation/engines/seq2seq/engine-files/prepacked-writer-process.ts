/**
 * Writes one prepacked copy (prepacked-weights.ts) in a process of its own, started by
 * `writePrepackedCopyApart` through the model process's bootstrap, and exits: 0 when written, 1 with
 * the reason on stderr. Its arguments are one JSON array after the entry's path.
 */
import type ort from 'onnxruntime-node';
import { writePrepackedCopy } from './prepacked-weights.ts';

const [copy, target, data, sessionOptions] = JSON.parse(process.argv[3] ?? '[]') as [
  string,
  string,
  { file: string; name: string },
  ort.InferenceSession.SessionOptions,
];
try {
  await writePrepackedCopy(copy, target, data, sessionOptions);
  process.exit(0);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
