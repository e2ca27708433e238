/**
 * Just enough of ONNX's protobuf format to write small graphs in Node (there is no ONNX library
 * here): nodes with int and graph attributes, typed values without shapes, and messages.
 */

export const FLOAT = 1;
export const INT64 = 7;
export const BOOL = 9;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_GRAPH = 5;

export function node(
  op: string,
  inputs: string[],
  outputs: string[],
  ints: [string, number][] = [],
  graphs: [string, Uint8Array][] = [],
): Uint8Array {
  return message([
    ...inputs.map((input): Field => [1, input]),
    ...outputs.map((output): Field => [2, output]),
    [4, op],
    ...ints.map(([name, int]): Field => [
      5,
      message([
        [1, name],
        [3, int],
        [20, ATTRIBUTE_INT],
      ]),
    ]),
    ...graphs.map(([name, graph]): Field => [
      5,
      message([
        [1, name],
        [6, graph],
        [20, ATTRIBUTE_GRAPH],
      ]),
    ]),
  ]);
}

/** A ValueInfoProto: a name and a tensor element type (no shape). */
export function value(name: string, type: number): Uint8Array {
  return message([
    [1, name],
    [2, message([[1, message([[1, type]])]])],
  ]);
}

/** A protobuf field: a number is a varint (non-negative), a string or bytes are length-delimited. */
export type Field = [number, number | string | Uint8Array];

export function message(fields: readonly Field[]): Uint8Array {
  const parts: number[] = [];
  const varint = (value: number) => {
    while (value >= 0x80) {
      parts.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    parts.push(value);
  };
  for (const [number, value] of fields) {
    if (typeof value === 'number') {
      varint(number * 8);
      varint(value);
    } else {
      const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
      varint(number * 8 + 2);
      varint(bytes.length);
      for (const byte of bytes) parts.push(byte);
    }
  }
  return Uint8Array.from(parts);
}
