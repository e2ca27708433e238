/**
 * The decoder's weights saved prepacked: a copy of the engine's decoder copy, written by ONNX Runtime
 * itself (its optimized model, `session.save_external_prepacked_constant_initializers`), whose data
 * file holds each matmul weight both as it is and as the CPU kernels pack it. Opened, the kernels
 * take their packed weights from the mapped file instead of packing them again from the originals.
 *
 * Why: ONNX Runtime lets an original weight go only when every kernel using it has packed it, and
 * the merged decoder's weights are used in both `If` branches, so packing at load held the whole
 * data file resident plus ~250 MB while the second branch packed (the model process's peak:
 * docs/engine.md). With the packing saved, the load's peak is far lower, and the packed weights are
 * the page cache's (file pages) rather than the process's heap.
 *
 * A packing is MLAS's layout for the CPU it was made on (its kernels differ by instruction set) and
 * for the runtime's version, so both are part of the copy's key (`prepackedConverter`): a cache moved
 * to another machine or a runtime upgrade writes a new copy rather than reading packings made for
 * another.
 *
 * Only the int8 matmul kernels' packings are read back (`READABLE_PACKINGS`): ONNX Runtime 1.30
 * crashes (a segmentation fault, which no fallback can catch) running a float32 `MatMul` whose
 * packing came from the file (the tiny fixtures' decoders), so a copy with any other packing is
 * refused before it is opened (`unreadablePackings`), and the refusal remembered.
 *
 * ONNX Runtime 1.30 writes the `If` branches' empty constant outputs twice into a branch's
 * initializers, and then refuses its own file ("initializer name is not unique"); the copy keeps
 * the first of each (`tidySavedModel`), the same bytes.
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ort from 'onnxruntime-node';
import { siblingModule } from '../../../../lib/sibling-module.ts';
import { ENGINE_FILES_VERSION, LastingCopyFailure } from './copy-cache.ts';
import { message } from './onnx-writer.ts';
import { delimited } from './protobuf-file.ts';

/**
 * The converter key of a prepacked copy: the engine's files version, the runtime's version and the
 * CPU (model and instruction-set flags) the packing is for.
 */
export function prepackedConverter(): string {
  return `${ENGINE_FILES_VERSION}+prepacked@ort-${ort.env.versions.node ?? ort.env.versions.common}+cpu-${cpuFingerprint()}`;
}

function cpuFingerprint(): string {
  let described = `${os.arch()} ${os.cpus()[0]?.model ?? ''}`;
  try {
    // The flags say which kernels MLAS picks (AVX2, AVX-512, VNNI…); the first processor's block.
    const info = fs.readFileSync('/proc/cpuinfo', 'utf8').split('\n\n')[0] ?? '';
    described += info
      .split('\n')
      .filter((line) => /^(model name|flags|Features|CPU implementer|CPU part)\s*:/.test(line))
      .join('\n');
  } catch {
    // Not Linux: the model name stands for the CPU.
  }
  return createHash('sha256').update(described).digest('hex').slice(0, 12);
}

/**
 * Writes `target` and its data file `data.file` (in the same folder) from the engine's `copy`, by
 * opening it once with ONNX Runtime as the engine does and saving the optimized graph with its
 * packed weights; the model names its data file `data.name` (where the copy cache moves it). The
 * session is released before returning.
 */
export async function writePrepackedCopy(
  copy: string,
  target: string,
  data: { file: string; name: string },
  sessionOptions: ort.InferenceSession.SessionOptions,
): Promise<void> {
  if (path.dirname(path.resolve(data.file)) !== path.dirname(path.resolve(target)))
    throw new Error('the data file must be beside the model');
  // ONNX Runtime writes the data file under the name it puts in the model: a name of this write's
  // own (servers sharing a model volume may write at once), renamed in the model afterwards.
  const written = path.basename(data.file);
  const session = await ort.InferenceSession.create(copy, {
    ...sessionOptions,
    // 'extended' has every fusion the CPU kernels need (the int8 matmuls); 'all' adds only layout
    // changes for convolutions. The copy is opened at the engine's level again, with nothing left to do.
    graphOptimizationLevel: 'extended',
    optimizedModelFilePath: target,
    extra: {
      ...sessionOptions.extra,
      session: {
        ...(sessionOptions.extra as { session?: Record<string, string> } | undefined)?.session,
        optimized_model_external_initializers_file_name: written,
        optimized_model_external_initializers_min_size_in_bytes: '1024',
        save_external_prepacked_constant_initializers: '1',
      },
    },
  });
  await session.release();
  fs.writeFileSync(target, tidySavedModel(fs.readFileSync(target), { from: written, to: data.name }));
}

/**
 * `writePrepackedCopy` in a child process (prepacked-writer-process.ts). Writing opens the copy
 * packing every weight at load, the model process's largest moment (~1.6 GB for NLLB-600M), and the
 * model process's allocator settings keep what it frees: written here, the model process held
 * ~1.16 GB until a restart. The child's memory goes back when it exits, and a crash writing costs
 * the write, not the model process. Rejects with the child's reason; a crash as a
 * `LastingCopyFailure`, so that the cache remembers it instead of crashing again at every start.
 */
export async function writePrepackedCopyApart(
  copy: string,
  target: string,
  data: { file: string; name: string },
  sessionOptions: ort.InferenceSession.SessionOptions,
): Promise<void> {
  const bootstrap = fileURLToPath(new URL('../model-process-bootstrap.mjs', import.meta.url));
  const entry = siblingModule('./prepacked-writer-process', import.meta.url).href;
  const child = fork(bootstrap, [entry, JSON.stringify([copy, target, data, sessionOptions])], {
    execArgv: [],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code === 0) return;
  const said = stderr.trim().split('\n').at(-1);
  const reason = `writing the prepacked copy failed (${signal ?? `exit code ${code}`})${said ? `: ${said}` : ''}`;
  throw isCrash(signal) ? new LastingCopyFailure(reason) : new Error(reason);
}

/**
 * Whether the writer crashed (ONNX Runtime's own fault, which would come again at every start),
 * rather than failing to write (its reason on stderr) or being killed from outside (the kernel's
 * out-of-memory killer, a shutdown), which a later start may not meet.
 */
export const isCrash = (signal: NodeJS.Signals | null): boolean =>
  signal === 'SIGSEGV' ||
  signal === 'SIGBUS' ||
  signal === 'SIGILL' ||
  signal === 'SIGABRT' ||
  signal === 'SIGFPE';

/** The kernels whose packings ONNX Runtime 1.30 reads back from a file as it packs them (measured equal to the bit). */
export const READABLE_PACKINGS: ReadonlySet<string> = new Set([
  'DynamicQuantizeMatMul',
  'MatMulIntegerToFloat',
]);

/**
 * Why the prepacked copy `file` must not be opened (packings of kernels not in `READABLE_PACKINGS`,
 * or none at all), or undefined when it may.
 */
export function unreadablePackings(file: string): string | undefined {
  const kernels = new Set<string>();
  const graph = (bytes: Buffer): void => {
    for (const field of readFields(bytes)) {
      if (field.number === GRAPH_INITIALIZER) {
        for (const entry of readFields(field.value!).filter(
          (inner) => inner.number === TENSOR_EXTERNAL_DATA,
        )) {
          const pair = readFields(entry.value!);
          const key = pair.find((inner) => inner.number === 1)?.value?.toString() ?? '';
          const value = pair.find((inner) => inner.number === 2)?.value?.toString() ?? '';
          // `prepacked_<n>` = `<kernel>+<hash>|<offset>;<length>;…` (ONNX Runtime's external data).
          if (key.startsWith('prepacked')) kernels.add(value.split('+')[0] ?? '');
        }
      } else if (field.number === GRAPH_NODE) {
        for (const attribute of readFields(field.value!).filter((inner) => inner.number === NODE_ATTRIBUTE))
          for (const inner of readFields(attribute.value!))
            if (inner.number === ATTRIBUTE_GRAPH || inner.number === ATTRIBUTE_GRAPHS) graph(inner.value!);
      }
    }
  };
  for (const field of readFields(fs.readFileSync(file)))
    if (field.number === MODEL_GRAPH) graph(field.value!);
  if (kernels.size === 0) return 'ONNX Runtime packed none of its weights';
  const unreadable = [...kernels].filter((kernel) => !READABLE_PACKINGS.has(kernel));
  if (unreadable.length > 0)
    return `it holds packings of ${unreadable.join(', ')}, which ONNX Runtime 1.30 cannot run from a file (it crashes)`;
  return undefined;
}

// Field numbers of ONNX's protobuf messages (onnx.proto3).
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_INITIALIZER = 5;
const NODE_ATTRIBUTE = 5;
const ATTRIBUTE_GRAPH = 6;
const ATTRIBUTE_GRAPHS = 11;
const TENSOR_NAME = 8;
const TENSOR_EXTERNAL_DATA = 13;

interface RawField {
  number: number;
  /** The whole field, key included, as it was read. */
  bytes: Buffer;
  /** A length-delimited field's value. */
  value?: Buffer;
}

/**
 * The model with, in every graph and subgraph, only the first initializer of each name; the same
 * buffer when there was nothing to drop.
 */
export function dropRepeatedInitializers(model: Buffer): Buffer {
  return tidySavedModel(model);
}

/**
 * The model ONNX Runtime saved, as it can open it: only the first initializer of each name in every
 * graph and subgraph, and its external data's `location` changed from `data.from` to `data.to`;
 * the same buffer when nothing changed.
 */
export function tidySavedModel(model: Buffer, data?: { from: string; to: string }): Buffer {
  let changed = 0;
  const entry = (bytes: Buffer): Buffer | undefined => {
    const fields = readFields(bytes);
    const key = fields.find((field) => field.number === 1)?.value?.toString();
    const value = fields.find((field) => field.number === 2)?.value?.toString();
    if (!data || key !== 'location' || value !== data.from) return undefined;
    changed++;
    return Buffer.from(
      message([
        [1, key],
        [2, data.to],
      ]),
    );
  };
  const tensor = (bytes: Buffer) =>
    rewrite(readFields(bytes), (field) =>
      field.number === TENSOR_EXTERNAL_DATA ? entry(field.value!) : undefined,
    );
  const graph = (bytes: Buffer): Buffer => {
    const names = new Set<string>();
    const fields = readFields(bytes).filter((field) => {
      if (field.number !== GRAPH_INITIALIZER) return true;
      const name = readFields(field.value!)
        .find((inner) => inner.number === TENSOR_NAME)
        ?.value?.toString();
      if (name === undefined || !names.has(name)) {
        if (name !== undefined) names.add(name);
        return true;
      }
      changed++;
      return false;
    });
    return rewrite(fields, (field) =>
      field.number === GRAPH_NODE
        ? node(field.value!)
        : field.number === GRAPH_INITIALIZER
          ? tensor(field.value!)
          : undefined,
    );
  };
  const node = (bytes: Buffer) =>
    rewrite(readFields(bytes), (field) =>
      field.number === NODE_ATTRIBUTE ? attribute(field.value!) : undefined,
    );
  const attribute = (bytes: Buffer) =>
    rewrite(readFields(bytes), (field) =>
      field.number === ATTRIBUTE_GRAPH || field.number === ATTRIBUTE_GRAPHS ? graph(field.value!) : undefined,
    );
  const fixed = rewrite(readFields(model), (field) =>
    field.number === MODEL_GRAPH ? graph(field.value!) : undefined,
  );
  return changed > 0 ? fixed : model;
}

/** The message again, each field as it was or, where `change` gives one, with a new value. */
function rewrite(fields: RawField[], change: (field: RawField) => Buffer | undefined): Buffer {
  return Buffer.concat(
    fields.map((field) => {
      const value = field.value && change(field);
      return value ? delimited(field.number, value) : field.bytes;
    }),
  );
}

function readFields(bytes: Buffer): RawField[] {
  const fields: RawField[] = [];
  let at = 0;
  const readVarint = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error('truncated protobuf');
      value += (byte & 0x7f) * scale;
      scale *= 128;
      if (byte < 0x80) return value;
    }
  };
  while (at < bytes.length) {
    const start = at;
    const key = readVarint();
    const number = Math.floor(key / 8);
    const wire = key % 8;
    let value: Buffer | undefined;
    if (wire === 0) readVarint();
    else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else if (wire === 2) {
      const length = readVarint();
      value = bytes.subarray(at, at + length);
      at += length;
    } else throw new Error(`protobuf wire type ${wire}`);
    fields.push({ number, bytes: bytes.subarray(start, at), ...(value && { value }) });
  }
  return fields;
}
