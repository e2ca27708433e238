/**
 * Writes an engine copy with its large weights in a data file beside it (ONNX external data)
 * instead of inside the protobuf. ONNX Runtime maps such a file into memory (mmap) rather than
 * reading the whole model into a protobuf and then copying every weight out of it:
 * - a weight that is prepacked (every matmul weight) is unmapped once packed, so only the packed copy
 *   stays resident, where a weight read from the protobuf was kept in the heap the allocator
 *   settings of the model process never give back;
 * - a table read by `Gather` (the embeddings) is resident only in the pages its rows are read from,
 *   and those pages are the page cache's, shared and reclaimable, not the process's own.
 * Side by side on the synthetic NLLB-600M q8, greedy, batch 8 (`npm run bench:memory`): peak
 * 1,691–1,717 MB against 2,112 MB with the weights inside the copy (bench/results/HISTORY.md).
 *
 * The copy is the same model field for field: every top-level graph initializer whose raw bytes
 * reach `EXTERNAL_FROM` gets `data_location: EXTERNAL` and `external_data` (location, offset,
 * length) instead of its `raw_data`, its bytes going to the data file at a page-aligned offset;
 * everything else is copied byte for byte, with `patches` (the int8 conversion's) applied on the
 * way. The graph's length prefix is written anew; bytes to append go after the end, as before.
 */
import fs from 'node:fs';
import { ELEMENT_BYTES, writeTransposed, type EmbeddingRows } from './embedding-rows.ts';
import { message } from './onnx-writer.ts';
import { delimited, FieldReader, varint, type Field, type Patch } from './protobuf-file.ts';

/** Weights from this size go to the data file; smaller ones (norms, scales, zero points) stay inline. */
export const EXTERNAL_FROM = 64 * 1024;
/** Data offsets are page-aligned, so each weight maps on its own pages. */
const ALIGN = 4096;

export interface ExternalData {
  /** Where to write the data file now. */
  file: string;
  /** Its name as the model names it, relative to the model file's folder (its final name). */
  name: string;
}

/** One piece of the output: a range of the original (patched), or new bytes. */
type Piece = { from: number; to: number } | Buffer;

/** A TensorProto's fields saying its bytes are at `offset` in the data file `location`. */
function externalAt(location: string, offset: number, length: number): Buffer[] {
  const entry = (key: string, value: string) =>
    delimited(13, Buffer.concat([delimited(1, Buffer.from(key)), delimited(2, Buffer.from(value))]));
  return [
    entry('location', location),
    entry('offset', String(offset)),
    entry('length', String(length)),
    Buffer.from([14 * 8, 1]), // data_location: EXTERNAL
  ];
}

const pieceLength = (piece: Piece) => (Buffer.isBuffer(piece) ? piece.length : piece.to - piece.from);

/**
 * Writes `source` to `target` with its large top-level initializers' bytes in `data.file`,
 * `patches` applied and `append` after the end; with `rows`, the tied embedding's table of its own
 * (embedding-rows.ts: its patches among `patches`). Returns how many weights went to the data file.
 */
export function writeWithExternalData(
  source: string,
  target: string,
  data: ExternalData,
  {
    patches = [],
    append,
    rows,
  }: { patches?: readonly Patch[]; append?: Uint8Array; rows?: EmbeddingRows } = {},
): number {
  const size = fs.statSync(source).size;
  const fd = fs.openSync(source, 'r');
  const out = fs.openSync(target, 'w');
  // Read as well as written: the embedding's rows are made from the matrix as it went there.
  const dataFd = fs.openSync(data.file, 'w+');
  let table: { offset: number; length: number; dataType: number } | undefined;
  let dataSize = 0;
  let moved = 0;
  const block = Buffer.alloc(1 << 20);
  /** Copies the original's [from, to) with the patches applied, to `into` at `at` (or appended). */
  const copy = (from: number, to: number, into: number, at?: number) => {
    let position = at;
    for (let done = from; done < to; done += block.length) {
      const length = Math.min(block.length, to - done);
      fs.readSync(fd, block, 0, length, done);
      for (const patch of patches) {
        if ('set' in patch) {
          if (patch.at >= done && patch.at < done + length) block[patch.at - done] = patch.set;
        } else {
          const start = Math.max(patch.at, done);
          const end = Math.min(patch.at + patch.length, done + length);
          for (let i = start; i < end; i++) block[i - done] = block[i - done]! ^ 0x80;
        }
      }
      fs.writeSync(into, block, 0, length, position);
      if (position !== undefined) position += length;
    }
  };
  try {
    const reader = new FieldReader(fd);
    /** A TensorProto's field, as it goes to the copy: itself, or with its bytes moved out. */
    const initializer = (field: Field): Piece[] => {
      const fields = reader.fields(field.valueAt, field.end);
      const raw = fields.find((f) => f.number === 9 && f.wire === 2);
      if (!raw || raw.end - raw.valueAt < EXTERNAL_FROM) return [{ from: field.start, to: field.end }];
      const offset = Math.ceil(dataSize / ALIGN) * ALIGN;
      const length = raw.end - raw.valueAt;
      copy(raw.valueAt, raw.end, dataFd, offset);
      dataSize = offset + length;
      moved++;
      if (rows) {
        const name = fields.find((f) => f.number === 8);
        const type = fields.find((f) => f.number === 2);
        if (name && type && reader.string(name) === rows.table) {
          const set = patches.find((patch) => 'set' in patch && patch.at === type.valueAt);
          const dataType = set && 'set' in set ? set.set : reader.varint(type.valueAt).value;
          table = { offset, length, dataType };
        }
      }
      const kept: Piece[] = fields.filter((f) => f !== raw).map((f) => ({ from: f.start, to: f.end }));
      kept.push(...externalAt(data.name, offset, length));
      const body = kept.reduce((sum, piece) => sum + pieceLength(piece), 0);
      return [Buffer.concat([varint(5 * 8 + 2), varint(body)]), ...kept];
    };
    for (const field of reader.fields(0, size)) {
      if (field.number !== 7 || field.wire !== 2) {
        copy(field.start, field.end, out);
        continue;
      }
      const pieces = reader
        .fields(field.valueAt, field.end)
        .flatMap((f): Piece[] =>
          f.number === 5 && f.wire === 2 ? initializer(f) : [{ from: f.start, to: f.end }],
        );
      const length = pieces.reduce((sum, piece) => sum + pieceLength(piece), 0);
      fs.writeSync(out, Buffer.concat([varint(7 * 8 + 2), varint(length)]));
      for (const piece of pieces) {
        if (Buffer.isBuffer(piece)) fs.writeSync(out, piece);
        else copy(piece.from, piece.to, out);
      }
    }
    if (rows && table) {
      const [width, vocab] = rows.dims;
      const elementBytes = ELEMENT_BYTES[table.dataType]!;
      if (width * vocab * elementBytes !== table.length)
        throw new Error(`${rows.table}: not ${width} × ${vocab}`);
      const offset = Math.ceil(dataSize / ALIGN) * ALIGN;
      writeTransposed(dataFd, { from: table.offset, to: offset, rows: width, columns: vocab, elementBytes });
      dataSize = offset + table.length;
      moved++;
      // A second `graph` field with one initializer: protobuf merges it into the model's graph.
      const tensor = Buffer.concat([
        Buffer.from(
          message([
            [1, vocab],
            [1, width],
            [2, table.dataType],
            [8, rows.rows],
          ]),
        ),
        ...externalAt(data.name, offset, table.length),
      ]);
      fs.writeSync(out, delimited(7, delimited(5, tensor)));
    } else if (rows) {
      throw new Error(`${rows.table}: not among the weights moved to the data file`);
    }
    if (append) fs.writeSync(out, append);
  } finally {
    fs.closeSync(fd);
    fs.closeSync(out);
    fs.closeSync(dataFd);
  }
  return moved;
}
