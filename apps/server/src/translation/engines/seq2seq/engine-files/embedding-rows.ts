/**
 * The decoder's token embedding as a table of its own, one row per token, in the engine's copy.
 *
 * NLLB's and M2M-100's exports tie the decoder's embedding to its output projection and store the
 * matrix once, transposed for the projection ([width, vocab], 262 MB for NLLB-600M q8): the
 * embedding is `Gather(axis 1)` of its columns, then `Transpose` back to [batch, positions, width].
 * ONNX Runtime prepacks the projection's weight and unmaps the original (external-weights.ts), but
 * a Gather keeps the matrix it reads mapped, and a column touches a page in each of its 1,024 rows:
 * after a few sentences the whole matrix is resident beside its packed copy. The copy writer gives
 * the Gathers a table of their own instead, untransposed ([vocab, width], in the data file, where a
 * token's row is on one page), so the transposed matrix is only the projection's and is let go once
 * packed.
 *
 * In the copy, each such Gather reads the new table (its name the matrix's with its last character
 * changed, the same length) along axis 0, and the Transpose after it keeps the axes as they are
 * (perm [0, 1, 2]): same-length changes of the original's bytes, like the int8 conversion's, so the
 * node is patched in place wherever it is (the merged decoder has one in each branch). The values
 * are the same numbers in the same order, so the logits are equal to the bit. The table itself is
 * written by external-weights.ts, from the matrix's bytes as they went to the data file.
 *
 * Only the exact layout is rewritten: a 2-D initializer that is a MatMul's (or MatMulInteger's)
 * weight, every Gather of it along axis 1 followed (through a per-tensor DequantizeLinear, or
 * directly) by a Transpose with perm [1, 2, 0] and nothing else, none of these values declared with
 * a shape. Anything else is copied as it is.
 */
import fs from 'node:fs';
import { FieldReader, type Field, type Patch } from './protobuf-file.ts';

/** Bytes per element of the tensor types a table can have (ONNX TensorProto.DataType). */
export const ELEMENT_BYTES: Readonly<Record<number, number>> = { 1: 4, 2: 1, 3: 1, 10: 2, 16: 2 };

export interface EmbeddingRows {
  /** The tied matrix [width, vocab] the Gathers read in the original. */
  table: string;
  /** The name of the table [vocab, width] they read in the copy (as long as `table`). */
  rows: string;
  /** The matrix's shape, [width, vocab], and its size in bytes. */
  dims: [number, number];
  bytes: number;
  /** The same-length changes to the Gathers and Transposes. */
  patches: Patch[];
}

interface NodeInFile {
  op: string;
  inputs: { name: string; field: Field }[];
  outputs: string[];
  /** Attribute name → its int (`i`) field and its unpacked `ints` fields. */
  attributes: Map<string, { i?: Field; ints: Field[] }>;
}

interface TensorInFile {
  dims: number[];
  dataType: number;
}

/** The tied embedding to give rows of its own in `file`'s copy, or undefined when it has none. */
export function findTiedEmbedding(file: string): EmbeddingRows | undefined {
  const fd = fs.openSync(file, 'r');
  try {
    return find(new FieldReader(fd), fs.fstatSync(fd).size);
  } catch {
    return undefined; // A layout this reader does not know: the copy keeps the Gathers as they are.
  } finally {
    fs.closeSync(fd);
  }
}

function find(reader: FieldReader, size: number): EmbeddingRows | undefined {
  const initializers = new Map<string, TensorInFile>();
  const nodes: NodeInFile[] = [];
  /** Every name a value has (to pick a new one) and those declared with a type and shape. */
  const names = new Set<string>();
  const declared = new Set<string>();
  const varints = (field: Field) => {
    if (field.wire === 0) return [reader.varint(field.valueAt).value];
    const values: number[] = [];
    for (let at = field.valueAt; at < field.end;) {
      const v = reader.varint(at);
      values.push(v.value);
      at = v.next;
    }
    return values;
  };
  const tensor = (field: Field) => {
    const t: TensorInFile & { name: string } = { name: '', dims: [], dataType: 0 };
    for (const f of reader.fields(field.valueAt, field.end)) {
      if (f.number === 1) t.dims.push(...varints(f));
      else if (f.number === 2) t.dataType = reader.varint(f.valueAt).value;
      else if (f.number === 8) t.name = reader.string(f);
    }
    initializers.set(t.name, t);
    names.add(t.name);
  };
  const node = (field: Field) => {
    const n: NodeInFile = { op: '', inputs: [], outputs: [], attributes: new Map() };
    for (const f of reader.fields(field.valueAt, field.end)) {
      if (f.number === 1) n.inputs.push({ name: reader.string(f), field: f });
      else if (f.number === 2) n.outputs.push(reader.string(f));
      else if (f.number === 4) n.op = reader.string(f);
      else if (f.number === 5) {
        let name = '';
        const attribute: { i?: Field; ints: Field[] } = { ints: [] };
        for (const a of reader.fields(f.valueAt, f.end)) {
          if (a.number === 1) name = reader.string(a);
          else if (a.number === 3 && a.wire === 0) attribute.i = a;
          else if (a.number === 8 && a.wire === 0) attribute.ints.push(a);
          else if (a.number === 6 || a.number === 11) graph(a, false);
        }
        n.attributes.set(name, attribute);
      }
    }
    n.outputs.forEach((output) => names.add(output));
    nodes.push(n);
  };
  const graph = (field: Field, top: boolean) => {
    for (const f of reader.fields(field.valueAt, field.end)) {
      if (f.number === 1) node(f);
      else if (f.number === 5 && top) tensor(f);
      else if (f.number === 11 || f.number === 12 || f.number === 13) {
        const name = reader.fields(f.valueAt, f.end).find((v) => v.number === 1);
        if (name) {
          names.add(reader.string(name));
          declared.add(reader.string(name));
        }
      }
    }
  };
  for (const f of reader.fields(0, size)) if (f.number === 7 && f.wire === 2) graph(f, true);

  const consumers = (name: string) => nodes.filter((n) => n.inputs.some((input) => input.name === name));
  const byteAt = (field: Field) => reader.varint(field.valueAt).value;
  for (const [table, t] of initializers) {
    if (t.dims.length !== 2 || !(t.dataType in ELEMENT_BYTES)) continue;
    const uses = consumers(table);
    const gathers = uses.filter((n) => n.op === 'Gather' && n.inputs[0]?.name === table);
    const projected = uses.some((n) => /^MatMul(Integer)?$/.test(n.op) && n.inputs[1]?.name === table);
    if (gathers.length === 0 || !projected) continue;
    // The name keeps its length in bytes: its last character is ASCII, and so is the new one.
    if (table.charCodeAt(table.length - 1) >= 0x80) return undefined;
    const rows = ['~', '#', '!', '^']
      .map((c) => table.slice(0, -1) + c)
      .find((candidate) => candidate !== table && !names.has(candidate));
    if (!rows) return undefined;
    const patches: Patch[] = [];
    for (const gather of gathers) {
      const axis = gather.attributes.get('axis')?.i;
      const columns = gather.outputs[0] ?? '';
      if (!axis || byteAt(axis) !== 1 || gather.inputs.length !== 2) return undefined;
      let transpose = only(consumers(columns), columns, declared);
      if (transpose?.op === 'DequantizeLinear' && transpose.inputs[0]?.name === columns) {
        const scale = initializers.get(transpose.inputs[1]?.name ?? '');
        if (!scale || scale.dims.some((d) => d !== 1)) return undefined;
        const dequantized = transpose.outputs[0] ?? '';
        transpose = only(consumers(dequantized), dequantized, declared);
      }
      const perm = transpose?.op === 'Transpose' ? transpose.attributes.get('perm')?.ints : undefined;
      if (!perm || perm.map(byteAt).join() !== '1,2,0') return undefined;
      const name = gather.inputs[0]!.field;
      patches.push(
        { at: name.end - 1, set: rows.charCodeAt(rows.length - 1) },
        { at: axis.valueAt, set: 0 },
        ...perm.map((field, i) => ({ at: field.valueAt, set: i })),
      );
    }
    const bytes = t.dims[0]! * t.dims[1]! * ELEMENT_BYTES[t.dataType]!;
    return { table, rows, dims: [t.dims[0]!, t.dims[1]!], bytes, patches };
  }
  return undefined;
}

/** The one node reading `value`, when `value` has one reader and no declared shape. */
function only(readers: NodeInFile[], value: string, declared: Set<string>): NodeInFile | undefined {
  return readers.length === 1 && !declared.has(value) ? readers[0] : undefined;
}

/**
 * Writes the [columns, rows] transpose of the [rows, columns] matrix at `from` in the open file
 * `fd` to `to` in the same file, a band of columns at a time (`bandBytes` of it in memory, not the
 * whole matrix).
 */
export function writeTransposed(
  fd: number,
  target: { from: number; to: number; rows: number; columns: number; elementBytes: number },
  bandBytes = 4 << 20,
): void {
  const { from, to, rows, columns, elementBytes } = target;
  const band = Math.max(1, Math.floor(bandBytes / (rows * elementBytes)));
  const input = new Uint8Array(rows * band * elementBytes);
  const output = new Uint8Array(rows * band * elementBytes);
  const view = (bytes: Uint8Array) =>
    elementBytes === 4
      ? new Uint32Array(bytes.buffer)
      : elementBytes === 2
        ? new Uint16Array(bytes.buffer)
        : bytes;
  const [source, transposed] = [view(input), view(output)];
  for (let c0 = 0; c0 < columns; c0 += band) {
    const width = Math.min(band, columns - c0);
    for (let r = 0; r < rows; r++) {
      const at = from + (r * columns + c0) * elementBytes;
      fs.readSync(fd, input, r * width * elementBytes, width * elementBytes, at);
    }
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < width; c++) transposed[c * rows + r] = source[r * width + c]!;
    fs.writeSync(fd, output, 0, width * rows * elementBytes, to + c0 * rows * elementBytes);
  }
}
