/**
 * Reading protobuf varints straight from a model file, for the readers that walk an ONNX file
 * without loading it (int8-weights.ts, external-weights.ts, embedding-rows.ts): the weights can be
 * gigabytes. And the two pieces the copy writers put back (external-weights.ts,
 * prepacked-weights.ts): a varint, and a length-delimited field.
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

/** A field of a message in the file: its number, wire type, and where its key, value and end are. */
export interface Field {
  number: number;
  wire: number;
  start: number;
  valueAt: number;
  end: number;
}

/** Reads a message's fields (not their values) from an open model file. */
export class FieldReader {
  constructor(private readonly fd: number) {}

  varint(at: number): { value: number; next: number } {
    return varintAt(this.fd, at);
  }

  string(field: Field): string {
    const bytes = Buffer.alloc(field.end - field.valueAt);
    fs.readSync(this.fd, bytes, 0, bytes.length, field.valueAt);
    return bytes.toString('utf8');
  }

  fields(start: number, end: number): Field[] {
    const fields: Field[] = [];
    let at = start;
    while (at < end) {
      const key = this.varint(at);
      const number = Math.floor(key.value / 8);
      const wire = key.value % 8;
      let valueAt = key.next;
      let next: number;
      if (wire === 0) next = this.varint(key.next).next;
      else if (wire === 2) {
        const length = this.varint(key.next);
        valueAt = length.next;
        next = length.next + length.value;
      } else if (wire === 5) next = key.next + 4;
      else if (wire === 1) next = key.next + 8;
      else throw new Error(`wire type ${wire}`);
      fields.push({ number, wire, start: at, valueAt, end: next });
      at = next;
    }
    return fields;
  }
}

/** A change to a file's bytes on the way to its copy: one byte set, or a range whose top bits flip. */
export type Patch = { at: number; set: number } | { at: number; length: number; flip: true };

/** A varint's bytes. */
export function varint(value: number): Buffer {
  const bytes: number[] = [];
  let v = value;
  while (v >= 0x80) {
    bytes.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  bytes.push(v);
  return Buffer.from(bytes);
}

/** A length-delimited field: its key, its length, its bytes. */
export function delimited(number: number, value: Buffer): Buffer {
  return Buffer.concat([varint(number * 8 + 2), varint(value.length), value]);
}
