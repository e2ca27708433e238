#!/usr/bin/env node
/**
 * Writes a tiny GGUF chat model (~380 KB, llama architecture, ChatML template) that node-llama-cpp
 * loads in milliseconds, so the local chat provider is tested end to end without a download.
 *
 *   node scripts/make-tiny-gguf.mjs                  # scripted variant -> test/fixtures/tiny-chat.gguf
 *   node scripts/make-tiny-gguf.mjs --random out.gguf  # random weights: never stops by itself
 *
 * The scripted variant is a bigram machine: attention and feed-forward write nothing back, so each
 * position's logits depend only on its own token, and the weights map "any other token" to the first
 * token of SCRIPT, each script token to the next one, and the last one to <|im_end|>. Whatever the
 * prompt, it answers SCRIPT and stops. No dependencies: this file is the whole GGUF v3 writer.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the scripted model says: a think block, then an answer (tokens must not repeat). */
export const SCRIPT = ['<think>', '▁Brief', '▁thought', '</think>', '▁Hello', '▁from', '▁Sema', '.'];

const EMBEDDING = 64;
const HEADS = 4;
const HEAD_SIZE = EMBEDDING / HEADS;
const FEED_FORWARD = 128;
const CONTEXT = 2048;
const ALIGNMENT = 32;

const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, byte: 6 };
const VALUE_TYPE = { uint32: 4, int32: 5, float32: 6, bool: 7, string: 8, array: 9 };
const GGML_F32 = 0;

const CHATML_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const WORDS = [
  'Hello',
  'from',
  'Sema',
  'the',
  'a',
  'and',
  'is',
  'of',
  'to',
  'in',
  'tiny',
  'model',
  'Brief',
  'thought',
];

function buildVocabulary() {
  const tokens = [];
  const add = (text, type) => tokens.push({ text, type });
  add('<unk>', TOKEN_TYPE.unknown);
  add('<s>', TOKEN_TYPE.control);
  add('</s>', TOKEN_TYPE.control);
  add('<|im_start|>', TOKEN_TYPE.control);
  add('<|im_end|>', TOKEN_TYPE.control);
  // Byte tokens let any text tokenize (SentencePiece byte fallback).
  for (let byte = 0; byte < 256; byte++) {
    add(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`, TOKEN_TYPE.byte);
  }
  add('▁', TOKEN_TYPE.normal);
  for (let code = 0x21; code <= 0x7e; code++) add(String.fromCharCode(code), TOKEN_TYPE.normal);
  for (const word of WORDS) add(`▁${word}`, TOKEN_TYPE.normal);
  add('<think>', TOKEN_TYPE.normal);
  add('</think>', TOKEN_TYPE.normal);
  return tokens;
}

/** Deterministic normal-ish numbers (mulberry32 + Box-Muller), so the random variant is reproducible. */
function gaussian(seed) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() + 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

/** Tensors in ggml order: `dims[0]` is the fastest-varying (input) dimension. */
function buildTensors(vocabulary, variant, seed) {
  const vocabSize = vocabulary.length;
  const random = gaussian(seed);
  const filled = (count, make) => Float32Array.from({ length: count }, make);
  const zeros = (count) => new Float32Array(count);
  const ones = (count) => new Float32Array(count).fill(1);
  const noise = (count, scale) => filled(count, () => random() * scale);

  const embeddings = zeros(EMBEDDING * vocabSize);
  const output = zeros(EMBEDDING * vocabSize);
  const idOf = new Map(vocabulary.map((token, id) => [token.text, id]));

  if (variant === 'scripted') {
    // Dimension 0 means "start"; dimension k + 1 means "just said SCRIPT[k]".
    for (let id = 0; id < vocabSize; id++) embeddings[id * EMBEDDING] = 1;
    SCRIPT.forEach((text, k) => {
      const id = idOf.get(text);
      embeddings[id * EMBEDDING] = 0;
      embeddings[id * EMBEDDING + k + 1] = 1;
      output[id * EMBEDDING + k] = 10;
    });
    output[idOf.get('<|im_end|>') * EMBEDDING + SCRIPT.length] = 10;
  } else {
    embeddings.set(noise(EMBEDDING * vocabSize, 1));
    output.set(noise(EMBEDDING * vocabSize, 1));
    // Byte and control rows stay at zero: far below the word rows, so the output is whole words.
    vocabulary.forEach((token, id) => {
      if (token.type !== TOKEN_TYPE.normal) output.fill(0, id * EMBEDDING, (id + 1) * EMBEDDING);
    });
  }

  const weight = (count) => (variant === 'scripted' ? zeros(count) : noise(count, 0.02));
  return [
    { name: 'token_embd.weight', dims: [EMBEDDING, vocabSize], data: embeddings },
    { name: 'blk.0.attn_norm.weight', dims: [EMBEDDING], data: ones(EMBEDDING) },
    { name: 'blk.0.attn_q.weight', dims: [EMBEDDING, EMBEDDING], data: weight(EMBEDDING * EMBEDDING) },
    { name: 'blk.0.attn_k.weight', dims: [EMBEDDING, EMBEDDING], data: weight(EMBEDDING * EMBEDDING) },
    { name: 'blk.0.attn_v.weight', dims: [EMBEDDING, EMBEDDING], data: weight(EMBEDDING * EMBEDDING) },
    { name: 'blk.0.attn_output.weight', dims: [EMBEDDING, EMBEDDING], data: weight(EMBEDDING * EMBEDDING) },
    { name: 'blk.0.ffn_norm.weight', dims: [EMBEDDING], data: ones(EMBEDDING) },
    {
      name: 'blk.0.ffn_gate.weight',
      dims: [EMBEDDING, FEED_FORWARD],
      data: weight(EMBEDDING * FEED_FORWARD),
    },
    { name: 'blk.0.ffn_up.weight', dims: [EMBEDDING, FEED_FORWARD], data: weight(EMBEDDING * FEED_FORWARD) },
    {
      name: 'blk.0.ffn_down.weight',
      dims: [FEED_FORWARD, EMBEDDING],
      data: weight(FEED_FORWARD * EMBEDDING),
    },
    { name: 'output_norm.weight', dims: [EMBEDDING], data: ones(EMBEDDING) },
    { name: 'output.weight', dims: [EMBEDDING, vocabSize], data: output },
  ];
}

/** Little-endian GGUF serialisation into a growing list of chunks. */
class GgufWriter {
  chunks = [];
  length = 0;

  push(buffer) {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(value) {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    this.push(buffer);
  }
  i32(value) {
    const buffer = Buffer.alloc(4);
    buffer.writeInt32LE(value);
    this.push(buffer);
  }
  u64(value) {
    const buffer = Buffer.alloc(8);
    buffer.writeBigUInt64LE(BigInt(value));
    this.push(buffer);
  }
  f32(value) {
    const buffer = Buffer.alloc(4);
    buffer.writeFloatLE(value);
    this.push(buffer);
  }
  string(text) {
    const bytes = Buffer.from(text, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(alignment) {
    const rest = this.length % alignment;
    if (rest) this.push(Buffer.alloc(alignment - rest));
  }
  value(type, value) {
    if (type === VALUE_TYPE.uint32) this.u32(value);
    else if (type === VALUE_TYPE.int32) this.i32(value);
    else if (type === VALUE_TYPE.float32) this.f32(value);
    else if (type === VALUE_TYPE.bool) this.push(Buffer.from([value ? 1 : 0]));
    else if (type === VALUE_TYPE.string) this.string(value);
    else throw new Error(`unsupported GGUF value type ${type}`);
  }
  entry(key, type, value, itemType) {
    this.string(key);
    this.u32(type);
    if (type !== VALUE_TYPE.array) return this.value(type, value);
    this.u32(itemType);
    this.u64(value.length);
    for (const item of value) this.value(itemType, item);
  }
}

/** Builds the GGUF file in memory. Same options, same bytes. */
export function buildTinyGguf({ variant = 'scripted', seed = 42 } = {}) {
  const vocabulary = buildVocabulary();
  const tensors = buildTensors(vocabulary, variant, seed);
  const { uint32, float32, bool, string, array, int32 } = VALUE_TYPE;
  const metadata = [
    ['general.architecture', string, 'llama'],
    ['general.name', string, `sema-tiny-chat-${variant}`],
    ['general.alignment', uint32, ALIGNMENT],
    ['llama.context_length', uint32, CONTEXT],
    ['llama.embedding_length', uint32, EMBEDDING],
    ['llama.block_count', uint32, 1],
    ['llama.feed_forward_length', uint32, FEED_FORWARD],
    ['llama.attention.head_count', uint32, HEADS],
    ['llama.attention.head_count_kv', uint32, HEADS],
    ['llama.rope.dimension_count', uint32, HEAD_SIZE],
    ['llama.attention.layer_norm_rms_epsilon', float32, 1e-5],
    ['tokenizer.ggml.model', string, 'llama'],
    ['tokenizer.ggml.tokens', array, vocabulary.map((token) => token.text), string],
    [
      'tokenizer.ggml.scores',
      array,
      vocabulary.map((token) => (token.type === TOKEN_TYPE.normal ? -1 / [...token.text].length : 0)),
      float32,
    ],
    ['tokenizer.ggml.token_type', array, vocabulary.map((token) => token.type), int32],
    ['tokenizer.ggml.bos_token_id', uint32, 1],
    ['tokenizer.ggml.eos_token_id', uint32, 4],
    ['tokenizer.ggml.unknown_token_id', uint32, 0],
    ['tokenizer.ggml.add_bos_token', bool, false],
    ['tokenizer.ggml.add_eos_token', bool, false],
    ['tokenizer.chat_template', string, CHATML_TEMPLATE],
  ];

  const writer = new GgufWriter();
  writer.push(Buffer.from('GGUF', 'ascii'));
  writer.u32(3);
  writer.u64(tensors.length);
  writer.u64(metadata.length);
  for (const [key, type, value, itemType] of metadata) writer.entry(key, type, value, itemType);

  let offset = 0;
  for (const tensor of tensors) {
    writer.string(tensor.name);
    writer.u32(tensor.dims.length);
    for (const dim of tensor.dims) writer.u64(dim);
    writer.u32(GGML_F32);
    writer.u64(offset);
    offset += Math.ceil(tensor.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  writer.pad(ALIGNMENT);
  for (const tensor of tensors) {
    writer.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    writer.pad(ALIGNMENT);
  }
  return Buffer.concat(writer.chunks);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const random = args.includes('--random');
  const here = path.dirname(fileURLToPath(import.meta.url));
  const out = args.find((arg) => !arg.startsWith('--')) ?? path.join(here, '../test/fixtures/tiny-chat.gguf');
  const bytes = buildTinyGguf({ variant: random ? 'random' : 'scripted' });
  writeFileSync(out, bytes);
  console.log(`wrote ${out} (${bytes.length} bytes, ${random ? 'random' : 'scripted'})`);
}
