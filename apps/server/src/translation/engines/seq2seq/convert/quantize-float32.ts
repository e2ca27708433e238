/**
 * Turns a float32 ONNX export into the quantized layout the published q8 exports have, on the
 * operator's machine, in Node alone (no Python, no ONNX library): for models published only in
 * float32 (NLLB distilled 1.3B: 7.6 GB), which the engine then loads as any q8 model, writing its
 * int8 copy with its own writer (engine-files/int8-weights.ts) as it does for the published ones.
 *
 * The layout is onnxruntime's dynamic quantization, the one `make-synthetic-nllb.py` documents:
 * - a MatMul by a float32 2-D weight becomes DynamicQuantizeLinear on its input (once per input
 *   per graph), MatMulInteger by the weight as uint8 with its zero point, Cast to float, and a Mul
 *   by the two scales;
 * - a Gather from a float32 table becomes a Gather from the uint8 table and a DequantizeLinear.
 * Weights are quantized per tensor, asymmetric, the range widened to include 0. A weight is
 * quantized only when every use of it is one of these; otherwise it stays float32.
 *
 * Large exports keep their weights in external files (`<file>.onnx_data`, one file per constant
 * sometimes): they are read from there and written inline, so the result is one self-contained
 * file (under protobuf's 2 GB limit, which a uint8 model of 1.3B parameters is).
 *
 * Memory: the quantized weights are held until the file is written (about the output's size) plus
 * the largest float32 tensor being read.
 */
import fs from 'node:fs';
import path from 'node:path';

const FLOAT = 1;
const UINT8 = 2;
const TENSOR_CAST_TO_FLOAT = FLOAT;
/** TensorProto.data_location EXTERNAL. */
const EXTERNAL = 1;
/** Protobuf cannot hold more (ONNX Runtime refuses a larger file with its weights inline). */
const PROTOBUF_LIMIT = 2 ** 31 - 1;

/** Bytes of an encoded message, as parts written one after the other. */
class Encoded {
  readonly parts: Uint8Array[] = [];
  length = 0;

  push(part: Uint8Array): void {
    this.parts.push(part);
    this.length += part.length;
  }

  varint(value: number): void {
    const bytes: number[] = [];
    while (value >= 0x80) {
      bytes.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    bytes.push(value);
    this.push(Uint8Array.from(bytes));
  }

  /** A length-delimited field whose content is `content` (bytes, a string or an encoded message). */
  field(number: number, content: Uint8Array | string | Encoded): void {
    this.varint(number * 8 + 2);
    if (content instanceof Encoded) {
      this.varint(content.length);
      for (const part of content.parts) this.push(part);
    } else {
      const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      this.varint(bytes.length);
      this.push(bytes);
    }
  }

  int(number: number, value: number): void {
    this.varint(number * 8);
    this.varint(value);
  }
}

/** One field of a message as read: where its bytes are, to copy it as it is or to read inside it. */
interface Field {
  number: number;
  wire: number;
  /** The whole field, key included. */
  start: number;
  end: number;
  /** Its value: a varint's value, or a length-delimited field's content. */
  value: number;
  contentStart: number;
  contentEnd: number;
}

function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = at; i < at + 10; i++) {
    const byte = bytes[i]!;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return { value, next: i + 1 };
  }
  throw new Error('bad varint in the ONNX file');
}

function fields(bytes: Uint8Array, start: number, end: number): Field[] {
  const found: Field[] = [];
  let at = start;
  while (at < end) {
    const key = readVarint(bytes, at);
    const number = Math.floor(key.value / 8);
    const wire = key.value % 8;
    const field: Field = { number, wire, start: at, end: 0, value: 0, contentStart: 0, contentEnd: 0 };
    at = key.next;
    if (wire === 0) {
      const v = readVarint(bytes, at);
      field.value = v.value;
      at = v.next;
    } else if (wire === 2) {
      const length = readVarint(bytes, at);
      field.contentStart = length.next;
      field.contentEnd = length.next + length.value;
      at = field.contentEnd;
    } else if (wire === 5) at += 4;
    else if (wire === 1) at += 8;
    else throw new Error(`the ONNX file has a protobuf wire type ${wire}`);
    field.end = at;
    found.push(field);
  }
  return found;
}

const text = (bytes: Uint8Array, field: Field) =>
  Buffer.from(
    bytes.buffer,
    bytes.byteOffset + field.contentStart,
    field.contentEnd - field.contentStart,
  ).toString('utf8');

/** A tensor as read: its name, type, shape and where its data is. */
interface TensorInfo {
  name: string;
  type: number;
  dims: number[];
  /** Inline raw bytes in the model file. */
  raw?: { start: number; end: number };
  /** In another file, beside the model. */
  external?: { location: string; offset: number; length: number };
  /** Data in typed fields (float_data, …): left as it is. */
  typed: boolean;
}

function readTensor(bytes: Uint8Array, start: number, end: number): TensorInfo {
  const tensor: TensorInfo = { name: '', type: 0, dims: [], typed: false };
  let externalEntries: Record<string, string> | undefined;
  let location = 0;
  for (const field of fields(bytes, start, end)) {
    if (field.number === 1) {
      if (field.wire === 0) tensor.dims.push(field.value);
      else {
        let at = field.contentStart;
        while (at < field.contentEnd) {
          const v = readVarint(bytes, at);
          tensor.dims.push(v.value);
          at = v.next;
        }
      }
    } else if (field.number === 2) tensor.type = field.value;
    else if (field.number === 8) tensor.name = text(bytes, field);
    else if (field.number === 9) tensor.raw = { start: field.contentStart, end: field.contentEnd };
    else if (field.number === 13) {
      externalEntries ??= {};
      let key = '';
      let value = '';
      for (const entry of fields(bytes, field.contentStart, field.contentEnd)) {
        if (entry.number === 1) key = text(bytes, entry);
        else if (entry.number === 2) value = text(bytes, entry);
      }
      externalEntries[key] = value;
    } else if (field.number === 14) location = field.value;
    else if ([4, 5, 6, 7, 10, 11, 12].includes(field.number)) tensor.typed = true;
  }
  if (location === EXTERNAL && externalEntries?.location) {
    const offset = Number(externalEntries.offset ?? 0);
    const length =
      externalEntries.length !== undefined
        ? Number(externalEntries.length)
        : tensor.dims.reduce((product, dim) => product * dim, 1) * elementBytes(tensor.type);
    tensor.external = { location: externalEntries.location, offset, length };
  }
  return tensor;
}

function elementBytes(type: number): number {
  // FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, STRING, BOOL, FLOAT16, DOUBLE, UINT32, UINT64
  const sizes: Record<number, number> = {
    1: 4,
    2: 1,
    3: 1,
    4: 2,
    5: 2,
    6: 4,
    7: 8,
    9: 1,
    10: 2,
    11: 8,
    12: 4,
    13: 8,
  };
  const size = sizes[type];
  if (!size) throw new Error(`an external tensor of type ${type} with no length`);
  return size;
}

/** The external files a model file reads its weights from (relative to its folder). */
export function externalDataFiles(modelFile: string): string[] {
  const bytes = fs.readFileSync(modelFile);
  const files = new Set<string>();
  walkTensors(bytes, (tensor) => {
    if (tensor.external) files.add(tensor.external.location);
  });
  return [...files].sort();
}

/** Calls `visit` for every tensor of the model: initializers and attribute tensors, subgraphs included. */
function walkTensors(bytes: Uint8Array, visit: (tensor: TensorInfo) => void): void {
  const graph = (start: number, end: number) => {
    for (const field of fields(bytes, start, end)) {
      if (field.number === 5) visit(readTensor(bytes, field.contentStart, field.contentEnd));
      else if (field.number === 1) {
        for (const attribute of fields(bytes, field.contentStart, field.contentEnd)) {
          if (attribute.number !== 5) continue;
          attributeParts(bytes, attribute, { tensor: visit, graph });
        }
      }
    }
  };
  for (const field of fields(bytes, 0, bytes.length)) {
    if (field.number === 7) graph(field.contentStart, field.contentEnd);
  }
}

function attributeParts(
  bytes: Uint8Array,
  attribute: Field,
  visit: { tensor: (tensor: TensorInfo) => void; graph: (start: number, end: number) => void },
): void {
  for (const part of fields(bytes, attribute.contentStart, attribute.contentEnd)) {
    if (part.number === 5 || part.number === 10)
      visit.tensor(readTensor(bytes, part.contentStart, part.contentEnd));
    else if (part.number === 6 || part.number === 11) visit.graph(part.contentStart, part.contentEnd);
  }
}

interface NodeInfo {
  op: string;
  inputs: string[];
  outputs: string[];
  name: string;
}

function readNode(bytes: Uint8Array, field: Field): NodeInfo {
  const node: NodeInfo = { op: '', inputs: [], outputs: [], name: '' };
  for (const part of fields(bytes, field.contentStart, field.contentEnd)) {
    if (part.number === 1) node.inputs.push(text(bytes, part));
    else if (part.number === 2) node.outputs.push(text(bytes, part));
    else if (part.number === 3) node.name = text(bytes, part);
    else if (part.number === 4) node.op = text(bytes, part);
  }
  return node;
}

/** Per-tensor asymmetric uint8 (range widened to include 0), as onnxruntime's dynamic quantization. */
export function quantizeUint8(values: Float32Array): { data: Uint8Array; scale: number; zeroPoint: number } {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v < lo) lo = v;
    else if (v > hi) hi = v;
  }
  const scale = Math.fround((hi - lo) / 255) || 1;
  const zeroPoint = Math.min(255, Math.max(0, Math.round(-lo / scale)));
  const data = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const q = Math.round(values[i]! / scale) + zeroPoint;
    data[i] = q < 0 ? 0 : q > 255 ? 255 : q;
  }
  return { data, scale, zeroPoint };
}

export interface QuantizeResult {
  /** Weights written as uint8, and those left float32 (used where uint8 cannot go). */
  quantized: number;
  keptFloat: number;
  /** Bytes of the file written. */
  bytes: number;
}

/**
 * Writes `target`, the quantized form of the float32 ONNX file `source` (its external data read
 * from beside it). Writes to `<target>.partial` first: a file that is there is whole.
 */
export function quantizeFloat32Model(source: string, target: string): QuantizeResult {
  const bytes = fs.readFileSync(source);
  const folder = path.dirname(source);
  const externals = new Map<string, number>();
  const readData = (tensor: TensorInfo): Buffer => {
    if (tensor.external) {
      const file = path.resolve(folder, tensor.external.location);
      if (!file.startsWith(path.resolve(folder) + path.sep))
        throw new Error(
          `${path.basename(source)} names weights outside its folder: ${tensor.external.location}`,
        );
      let fd = externals.get(file);
      if (fd === undefined) externals.set(file, (fd = fs.openSync(file, 'r')));
      const data = Buffer.alloc(tensor.external.length);
      const read = fs.readSync(fd, data, 0, data.length, tensor.external.offset);
      if (read !== data.length)
        throw new Error(
          `${tensor.external.location} is shorter than ${path.basename(source)} says (incomplete?)`,
        );
      return data;
    }
    if (tensor.raw) return Buffer.from(bytes.subarray(tensor.raw.start, tensor.raw.end));
    return Buffer.alloc(0);
  };

  // Every initializer and every use of it, over the graph and its subgraphs (the merged decoder's
  // branches read the weights of the graph around them).
  const tensors = new Map<string, TensorInfo>();
  const uses = new Map<string, { op: string; index: number }[]>();
  const declared = new Set<string>();
  const survey = (start: number, end: number) => {
    for (const field of fields(bytes, start, end)) {
      if (field.number === 5) {
        const tensor = readTensor(bytes, field.contentStart, field.contentEnd);
        tensors.set(tensor.name, tensor);
      } else if (field.number === 1) {
        const node = readNode(bytes, field);
        node.inputs.forEach((input, index) => {
          const list = uses.get(input) ?? [];
          list.push({ op: node.op, index });
          uses.set(input, list);
        });
        for (const attribute of fields(bytes, field.contentStart, field.contentEnd)) {
          if (attribute.number === 5) attributeParts(bytes, attribute, { tensor: () => {}, graph: survey });
        }
      } else if (field.number === 11 || field.number === 12) {
        for (const part of fields(bytes, field.contentStart, field.contentEnd))
          if (part.number === 1) declared.add(text(bytes, part));
      }
    }
  };
  for (const field of fields(bytes, 0, bytes.length))
    if (field.number === 7) survey(field.contentStart, field.contentEnd);

  const quantizable = new Set<string>();
  for (const [name, tensor] of tensors) {
    const found = uses.get(name) ?? [];
    if (tensor.type !== FLOAT || tensor.dims.length !== 2 || tensor.typed || declared.has(name)) continue;
    if (found.length === 0) continue;
    const fine = found.every(
      ({ op, index }) => (op === 'MatMul' && index === 1) || (op === 'Gather' && index === 0),
    );
    if (fine) quantizable.add(name);
  }

  let quantized = 0;
  let keptFloat = 0;
  let counter = 0;
  const unique = (hint: string) => `${hint}__sema_q${++counter}`;

  const tensorMessage = (name: string, type: number, dims: number[], data: Uint8Array): Encoded => {
    const message = new Encoded();
    for (const dim of dims) message.int(1, dim);
    message.int(2, type);
    message.field(8, name);
    message.field(9, data);
    return message;
  };
  const nodeMessage = (op: string, inputs: string[], outputs: string[], to?: number): Encoded => {
    const message = new Encoded();
    for (const input of inputs) message.field(1, input);
    for (const output of outputs) message.field(2, output);
    message.field(3, unique(op));
    message.field(4, op);
    if (to !== undefined) {
      const attribute = new Encoded();
      attribute.field(1, 'to');
      attribute.int(3, to);
      attribute.int(20, 2); // INT
      message.field(5, attribute);
    }
    return message;
  };
  /** A tensor written with its data inline (read from its external file when it was there). */
  const inlineTensor = (field: Field): Encoded => {
    const tensor = readTensor(bytes, field.contentStart, field.contentEnd);
    const message = new Encoded();
    if (!tensor.external) {
      message.push(bytes.subarray(field.contentStart, field.contentEnd));
      return message;
    }
    for (const part of fields(bytes, field.contentStart, field.contentEnd)) {
      if (part.number === 13 || part.number === 14 || part.number === 9) continue;
      message.push(bytes.subarray(part.start, part.end));
    }
    message.field(9, readData(tensor));
    return message;
  };

  const rewriteAttribute = (attribute: Field): Encoded => {
    const message = new Encoded();
    for (const part of fields(bytes, attribute.contentStart, attribute.contentEnd)) {
      if (part.number === 5 || part.number === 10) message.field(part.number, inlineTensor(part));
      else if (part.number === 6 || part.number === 11) message.field(part.number, rewriteGraph(part));
      else message.push(bytes.subarray(part.start, part.end));
    }
    return message;
  };

  const rewriteGraph = (graphField: Field): Encoded => {
    const out = new Encoded();
    /** Per input of a MatMul, its DynamicQuantizeLinear's outputs (one per input in this graph). */
    const dynamic = new Map<string, [string, string, string]>();
    for (const field of fields(bytes, graphField.contentStart, graphField.contentEnd)) {
      if (field.number === 5) {
        const tensor = readTensor(bytes, field.contentStart, field.contentEnd);
        if (!quantizable.has(tensor.name)) {
          if (tensor.type === FLOAT && tensor.dims.length === 2) keptFloat++;
          out.field(5, inlineTensor(field));
          continue;
        }
        const data = readData(tensor);
        const values = new Float32Array(data.buffer, data.byteOffset, data.length / 4);
        const q = quantizeUint8(values);
        quantized++;
        out.field(5, tensorMessage(`${tensor.name}_quantized`, UINT8, tensor.dims, q.data));
        out.field(
          5,
          tensorMessage(`${tensor.name}_scale`, FLOAT, [], new Uint8Array(Float32Array.of(q.scale).buffer)),
        );
        out.field(5, tensorMessage(`${tensor.name}_zero_point`, UINT8, [], Uint8Array.of(q.zeroPoint)));
      } else if (field.number === 1) {
        const node = readNode(bytes, field);
        const weight =
          node.op === 'MatMul' ? node.inputs[1] : node.op === 'Gather' ? node.inputs[0] : undefined;
        if (weight !== undefined && quantizable.has(weight)) {
          const [wq, ws, wz] = [`${weight}_quantized`, `${weight}_scale`, `${weight}_zero_point`];
          if (node.op === 'MatMul') {
            const x = node.inputs[0]!;
            let xq = dynamic.get(x);
            if (!xq) {
              xq = [unique(`${x}_quantized`), unique(`${x}_scale`), unique(`${x}_zero_point`)];
              dynamic.set(x, xq);
              out.field(1, nodeMessage('DynamicQuantizeLinear', [x], xq));
            }
            const integer = unique(`${node.outputs[0]}_integer`);
            const asFloat = unique(`${node.outputs[0]}_float`);
            const scales = unique(`${node.outputs[0]}_scales`);
            out.field(1, nodeMessage('MatMulInteger', [xq[0], wq, xq[2], wz], [integer]));
            out.field(1, nodeMessage('Cast', [integer], [asFloat], TENSOR_CAST_TO_FLOAT));
            out.field(1, nodeMessage('Mul', [xq[1], ws], [scales]));
            out.field(1, nodeMessage('Mul', [asFloat, scales], node.outputs));
          } else {
            // The Gather keeps its attributes (its axis); only its table and output change.
            const gathered = unique(`${node.outputs[0]}_quantized`);
            const message = new Encoded();
            let input = 0;
            for (const part of fields(bytes, field.contentStart, field.contentEnd)) {
              if (part.number === 1 && input++ === 0) message.field(1, wq);
              else if (part.number === 2) message.field(2, gathered);
              else message.push(bytes.subarray(part.start, part.end));
            }
            out.field(1, message);
            out.field(1, nodeMessage('DequantizeLinear', [gathered, ws, wz], node.outputs));
          }
          continue;
        }
        const hasInner = fields(bytes, field.contentStart, field.contentEnd).some(
          (part) => part.number === 5,
        );
        if (!hasInner) {
          out.push(bytes.subarray(field.start, field.end));
          continue;
        }
        const message = new Encoded();
        for (const part of fields(bytes, field.contentStart, field.contentEnd)) {
          if (part.number === 5) message.field(5, rewriteAttribute(part));
          else message.push(bytes.subarray(part.start, part.end));
        }
        out.field(1, message);
      } else {
        out.push(bytes.subarray(field.start, field.end));
      }
    }
    return out;
  };

  const model = new Encoded();
  try {
    for (const field of fields(bytes, 0, bytes.length)) {
      if (field.number === 7) model.field(7, rewriteGraph(field));
      else model.push(bytes.subarray(field.start, field.end));
    }
  } finally {
    for (const fd of externals.values()) fs.closeSync(fd);
  }
  if (model.length > PROTOBUF_LIMIT)
    throw new Error(
      `the quantized ${path.basename(source)} would be ${model.length} bytes, over protobuf's 2 GB limit for one file`,
    );
  const partial = `${target}.partial`;
  const fd = fs.openSync(partial, 'w');
  try {
    // The many small parts (keys, lengths, names) gathered into blocks: one write per part would
    // be a system call per few bytes.
    const block = Buffer.alloc(1 << 20);
    let filled = 0;
    for (const part of model.parts) {
      if (filled + part.length > block.length) {
        fs.writeSync(fd, block, 0, filled);
        filled = 0;
      }
      if (part.length >= block.length) fs.writeSync(fd, part);
      else {
        block.set(part, filled);
        filled += part.length;
      }
    }
    fs.writeSync(fd, block, 0, filled);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, target);
  return { quantized, keptFloat, bytes: model.length };
}
