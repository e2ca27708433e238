/**
 * Reading protobuf varints straight from a model file, for the readers that walk an ONNX file
 * without loading it (int8-weights.ts, external-weights.ts): the weights can be gigabytes.
 */
import fs from 'node:fs';

/** Reads are synchronous, so one buffer serves every call. */
const chunk = Buffer.alloc(10);

/** The varint at byte `at` of the open file `fd`, and where the next field starts. */
export function varintAt(fd: number, at: number): { value: number; next: number } {
  fs.readSync(fd, chunk, 0, 10, at);
  let value = 0;
  let scale = 1;
  // Multiplication, not shifts: a weight's offset or length can pass 2^31.
  for (let i = 0; i < 10; i++) {
    const byte = chunk[i]!;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return { value, next: at + i + 1 };
  }
  throw new Error('bad varint');
}
