/**
 * Turns a failure to load the model into a reason a person can act on, plus a hint on how to
 * provide the model. Shown in /status and in every 503 until the model is there.
 */
import { float32Export } from './convert/float32-exports.ts';
import path from 'node:path';
import { cachedModelFolder, modelFiles, type ModelSource } from '../model-source.ts';

export interface LoadFailure {
  reason: string;
  hint: string;
}

const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

export function describeLoadFailure(
  error: unknown,
  source: ModelSource,
  dtype: string,
  setting = 'SEMA_TRANSLATION_MODEL',
): LoadFailure {
  const message = error instanceof Error ? error.message : String(error);
  const code = errorCode(error);
  const where = source.kind === 'hub' ? cachedModelFolder(source) : source.path;
  const float32Only = source.kind === 'hub' ? float32Export(source.id) : undefined;
  const provideHint = float32Only
    ? `${source.label} is published only in float32: run npm run models -- pull once, which downloads it and converts it to int8 on this machine (docs/operations.md, "Managing the models")`
    : source.kind === 'hub'
      ? `Let this server reach ${source.hub} once (later starts need no network), or download the model elsewhere and set ${setting} to its folder`
      : `The folder must hold ${modelFiles(dtype).join(', ')} (SEMA_TRANSLATION_DTYPE=${dtype})`;

  if (code === 'ENOSPC') {
    return {
      reason: `the disk is full (saving the model into ${where})`,
      hint: 'Free about 1 GB, or set SEMA_MODEL_CACHE to a folder on a bigger disk',
    };
  }
  if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') {
    return {
      reason: `cannot write the model cache ${where} (${code})`,
      hint: 'Set SEMA_MODEL_CACHE to a writable folder',
    };
  }
  if (source.kind === 'hub' && (NETWORK_CODES.has(code ?? '') || /fetch failed|network/i.test(message))) {
    return {
      reason: `cannot download ${source.id} from ${source.hub} (${code ?? causeMessage(error) ?? 'network error'})`,
      hint: provideHint,
    };
  }
  const missing = /Could not locate file: "([^"]+)"/.exec(message)?.[1];
  if (missing) {
    return {
      reason: `${missing} does not exist (is ${source.label} a seq2seq model (NLLB-200, M2M-100, SMaLL-100 or OPUS-MT) exported for transformers.js?)`,
      hint: provideHint,
    };
  }
  const notLocal = /(?:file was not found locally at|Local file missing at) "([^"]+)"/.exec(message)?.[1];
  if (notLocal) return { reason: `${notLocal} is missing`, hint: provideHint };
  if (/ is missing$/.test(message)) return { reason: message, hint: provideHint };
  if (
    /Load model from .* failed|protobuf|Unexpected token|is not valid JSON|in JSON at position/i.test(message)
  ) {
    const file = /from (\S+\.onnx)/.exec(message)?.[1];
    return {
      reason: `a model file is corrupt or unreadable (${file ? path.relative(where, file) : firstLine(message)})`,
      hint: source.kind === 'hub' ? `Delete ${where} to download the model again` : provideHint,
    };
  }
  return { reason: firstLine(message), hint: provideHint };
}

function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function causeMessage(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : undefined;
}

/** The message's first line, without a closing full stop (the hint follows after one of ours). */
function firstLine(message: string): string {
  return message.split('\n')[0]!.slice(0, 300).replace(/\.+$/, '');
}
