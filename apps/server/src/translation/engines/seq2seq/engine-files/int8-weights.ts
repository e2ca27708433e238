/**
 * The published q8 exports (dynamic quantization) store their weights as uint8 with a zero point.
 * ONNX Runtime multiplies uint8 activations by int8 weights faster than by uint8 ones (measured on
 * the synthetic NLLB-600M: 1.34× the tokens per CPU-second at batch 1, 1.20× at batch 8; see
 * bench/results/HISTORY.md). `writeEngineCopy` writes a copy of such a file whose uint8
 * weights are int8: every byte of a weight and of its zero point becomes itself − 128 (its top bit
 * flipped), so every (weight − zero point), and so every result, is the same integer as before.
 * The tensor type is one byte of the file and the data keeps its length, so the copy is the same
 * file with bytes flipped in place, found by reading the protobuf's structure (not its weights).
 *
 * It converts only when every use of every uint8 initializer is one where int8 means the same
 * (a MatMulInteger's weight or weight zero point, given; a Gather's table whose rows go to a
 * DequantizeLinear with its zero point given; a DequantizeLinear's input with its zero point) and
 * none is declared with its type as a graph input, output or value; otherwise, or for a layout it
 * does not know (weights in external files, or not as raw bytes), the original file is used as it
 * is. The caller opens the original too if the copy does not load.
 */
import fs from 'node:fs';
import { findTiedEmbedding } from './embedding-rows.ts';
import { EXTERNAL_FROM, writeWithExternalData, type ExternalData } from './external-weights.ts';
import { varintAt, type Patch } from './protobuf-file.ts';

const UINT8 = 2;
const INT8 = 3;

interface Initializer {
  name: string;
  /** File offset of the data_type varint's byte, and of the raw bytes. */
  typeAt: number;
  dataAt: number;
  dataLength: number;
}

interface Use {
  op: string;
  inputs: string[];
  outputs: string[];
}

/** A protobuf reader over a file: reads the small fields, skips (and locates) the large ones. */
class Reader {
  constructor(private readonly fd: number) {}

  varint(at: number): { value: number; next: number } {
    return varintAt(this.fd, at);
  }

  string(at: number, length: number): string {
    const bytes = Buffer.alloc(length);
    fs.readSync(this.fd, bytes, 0, length, at);
    return bytes.toString('utf8');
  }

  /** Calls `field(number, wire type, value start, value length or varint value)` for each field. */
  fields(start: number, end: number, field: (number: number, at: number, length: number) => void): void {
    let at = start;
    while (at < end) {
      const key = this.varint(at);
      const number = Math.floor(key.value / 8);
      const wire = key.value % 8;
      at = key.next;
      if (wire === 0) {
        const v = this.varint(at);
        field(number, at, v.value);
        at = v.next;
      } else if (wire === 2) {
        const length = this.varint(at);
        field(number, length.next, length.value);
        at = length.next + length.value;
      } else if (wire === 5) {
        at += 4;
      } else if (wire === 1) {
        at += 8;
      } else {
        throw new Error(`wire type ${wire}`);
      }
    }
  }
}

/** The uint8 initializers and every node's op, inputs and outputs (subgraphs included). */
function readGraph(reader: Reader, size: number) {
  const initializers: Initializer[] = [];
  const uses: Use[] = [];
  /** Names the graph declares a type for (inputs, outputs, value_info): their type must stay. */
  const declared = new Set<string>();
  let unknownLayout = false;
  const graph = (start: number, end: number) => {
    reader.fields(start, end, (number, at, length) => {
      if (number === 1) uses.push(node(at, at + length));
      else if (number === 5) tensor(at, at + length);
      else if (number === 11 || number === 12 || number === 13) {
        reader.fields(at, at + length, (field, nameAt, nameLength) => {
          if (field === 1) declared.add(reader.string(nameAt, nameLength));
        });
      }
    });
  };
  const node = (start: number, end: number): Use => {
    const use: Use = { op: '', inputs: [], outputs: [] };
    reader.fields(start, end, (number, at, length) => {
      if (number === 1) use.inputs.push(reader.string(at, length));
      else if (number === 2) use.outputs.push(reader.string(at, length));
      else if (number === 4) use.op = reader.string(at, length);
      else if (number === 5) {
        reader.fields(at, at + length, (field, gAt, gLength) => {
          if (field === 6 || field === 11) graph(gAt, gAt + gLength); // g, graphs
        });
      }
    });
    return use;
  };
  const tensor = (start: number, end: number) => {
    let type = 0;
    let typeAt = -1;
    let name = '';
    let dataAt = -1;
    let dataLength = 0;
    let other = false;
    reader.fields(start, end, (number, at, value) => {
      if (number === 2) {
        type = value;
        typeAt = at;
      } else if (number === 8) name = reader.string(at, value);
      else if (number === 9) {
        dataAt = at;
        dataLength = value;
      } else if (number === 5 || number === 13 || number === 14) other = true; // int32_data, external
    });
    if (type !== UINT8) return;
    if (other || dataAt < 0 || typeAt < 0) unknownLayout = true;
    else initializers.push({ name, typeAt, dataAt, dataLength });
  };
  reader.fields(0, size, (number, at, length) => {
    if (number === 7) graph(at, at + length);
  });
  return { initializers, uses, declared, unknownLayout };
}

/** Whether int8 weights mean the same as uint8 in every use of them (see the module comment). */
function convertible(names: Set<string>, uses: readonly Use[]): boolean {
  const gathered = new Set<string>();
  for (const use of uses) {
    use.inputs.forEach((input, i) => {
      if (!names.has(input)) return;
      if (use.op === 'Gather' && i === 0) use.outputs.forEach((output) => gathered.add(output));
    });
  }
  for (const use of uses) {
    const reads = (i: number) => names.has(use.inputs[i] ?? '');
    for (const [i, input] of use.inputs.entries()) {
      if (!names.has(input) && !gathered.has(input)) continue;
      if (names.has(input)) {
        const fine =
          (use.op === 'MatMulInteger' && ((i === 1 && reads(3)) || (i === 3 && reads(1)))) ||
          (use.op === 'Gather' && i === 0) ||
          (use.op === 'DequantizeLinear' &&
            ((i === 0 && reads(2)) || (i === 2 && (reads(0) || gathered.has(use.inputs[0] ?? '')))));
        if (!fine) return false;
      } else if (!(use.op === 'DequantizeLinear' && i === 0 && reads(2))) {
        return false;
      }
    }
  }
  return true;
}

/**
 * Writes into `target` the copy of `file` the engine opens: with `int8`, its uint8 weights as int8
 * where they can be converted, and `append` written after its end (more of the model, see
 * picker-graph.ts; the original never gets it); with `externalData`, its large weights in that
 * data file (external-weights.ts) and a tied embedding given a table of its own (embedding-rows.ts;
 * `tiedEmbedding` keeps it tied, for bench:memory). Writes nothing (`written` false) when there is
 * nothing to change: no `append`, and no weights to convert. `why` says why weights asked to go
 * int8 did not. Where the copy is kept, and when it is written again, is copy-cache.ts's.
 */
export function writeEngineCopy(
  file: string,
  target: string,
  {
    int8,
    append,
    externalData,
    tiedEmbedding,
  }: { int8: boolean; append?: Uint8Array; externalData?: ExternalData; tiedEmbedding?: boolean },
): WrittenCopy {
  const originalSize = fs.statSync(file).size;
  const { initializers, why } = int8 ? convertibleInitializers(file, originalSize) : { initializers: [] };
  if (initializers.length === 0 && !append) return { written: false, int8: false, ...(why ? { why } : {}) };
  if (externalData) {
    // The same bytes changed the same way, the large weights moved to the data file on the way.
    const patches: Patch[] = initializers.flatMap(({ typeAt, dataAt, dataLength }) => [
      { at: typeAt, set: INT8 },
      { at: dataAt, length: dataLength, flip: true as const },
    ]);
    // The table goes to the data file beside the matrix, so only a matrix that goes there too.
    const tied = tiedEmbedding ? undefined : findTiedEmbedding(file);
    const rows = tied && tied.bytes >= EXTERNAL_FROM ? tied : undefined;
    if (rows) patches.push(...rows.patches);
    writeWithExternalData(file, target, externalData, {
      patches,
      ...(append && { append }),
      ...(rows && { rows }),
    });
    return { written: true, int8: initializers.length > 0, ...(why ? { why } : {}) };
  }
  fs.copyFileSync(file, target);
  const out = fs.openSync(target, 'r+');
  try {
    const type = Buffer.from([INT8]);
    const block = Buffer.alloc(1 << 20);
    for (const initializer of initializers) {
      fs.writeSync(out, type, 0, 1, initializer.typeAt);
      for (let done = 0; done < initializer.dataLength; done += block.length) {
        const length = Math.min(block.length, initializer.dataLength - done);
        const at = initializer.dataAt + done;
        fs.readSync(out, block, 0, length, at);
        for (let i = 0; i < length; i++) block[i] = block[i]! ^ 0x80;
        fs.writeSync(out, block, 0, length, at);
      }
    }
    if (append) fs.writeSync(out, append, 0, append.length, originalSize);
  } finally {
    fs.closeSync(out);
  }
  return { written: true, int8: initializers.length > 0, ...(why ? { why } : {}) };
}

/**
 * Why a file's weights do not go int8 when it has no uint8 weights (an fp32 file, or one quantized
 * to int8 already): nothing is lost, unlike the other reasons, which are fallbacks.
 */
export const NO_UINT8_WEIGHTS = 'it has no uint8 weights';

/** What `writeEngineCopy` did. */
export interface WrittenCopy {
  written: boolean;
  /** Whether the copy's weights are int8. */
  int8: boolean;
  /** Why weights asked to go int8 did not. */
  why?: string;
}

/** The uint8 initializers to write as int8, or none and why, when the file's layout does not allow it. */
function convertibleInitializers(
  file: string,
  fileSize: number,
): { initializers: Initializer[]; why?: string } {
  const fd = fs.openSync(file, 'r');
  let plan: ReturnType<typeof readGraph>;
  try {
    plan = readGraph(new Reader(fd), fileSize);
  } catch (error) {
    return { initializers: [], why: `the int8 converter cannot read the file (${(error as Error).message})` };
  } finally {
    fs.closeSync(fd);
  }
  const names = new Set(plan.initializers.map((initializer) => initializer.name));
  if (plan.unknownLayout)
    return {
      initializers: [],
      why: 'its uint8 weights are stored in a way the int8 converter does not know',
    };
  if (names.size === 0) return { initializers: [], why: NO_UINT8_WEIGHTS };
  if ([...names].some((name) => plan.declared.has(name)) || !convertible(names, plan.uses))
    return { initializers: [], why: 'a uint8 weight is used where int8 would change its meaning' };
  return { initializers: plan.initializers };
}
