import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { CLOSED_DURING_UPLOAD, type FuzzResponse } from './http-client.ts';
import type { OpenApiDocument, Operation } from './operations.ts';

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Internal paths and stack frames that must never reach a client. */
const LEAKS = /node_modules|\/work\/|\/home\/|\.ts:\d+|\bat \S+ \(|FST_ERR_|\bTypeError\b|\bReferenceError\b/;

/**
 * Checks a response against the OpenAPI document: its status must be documented for the operation,
 * its media type documented for that status, and its body valid against that schema. Returns what is
 * wrong, or undefined.
 */
export function createResponseChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...document, $id: 'openapi' });
  const validators = new Map<string, ReturnType<Ajv2020['compile']>>();
  const validator = (pointer: string) => {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  };

  /** `upstreamFailed`: the fake chat upstream was told to fail, so a documented 502/503/504 is right. */
  return (operation: Operation, response: FuzzResponse, upstreamFailed = false): string | undefined => {
    if (response.status === CLOSED_DURING_UPLOAD) return undefined;
    const status = String(response.status);
    const documented = operation.responses[status] ?? operation.responses.default;
    if (!documented) return `status ${status} is not documented for ${operation.id}`;
    const blamesUpstream = upstreamFailed && [502, 503, 504].includes(response.status);
    if (response.status >= 500 && !blamesUpstream) return `a server error (${status})`;
    const mediaType = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const content = documented.content ?? {};
    if (!Object.keys(content).length)
      return response.body.length ? `status ${status} documents no body` : undefined;
    // A download (Content-Disposition: attachment) is the documented binary file, whatever its type.
    const isFile = /^attachment/i.test(String(response.headers['content-disposition'] ?? ''));
    const key = isFile ? 'application/octet-stream' : mediaType;
    if (!content[key])
      return `media type '${mediaType}' is not documented for ${status} (documented: ${Object.keys(content).join(', ')})`;
    const schemaPointer = `${operation.pointer}/responses/${status}/content/${escapePointer(key)}/schema`;
    const text = response.body.toString('utf8');
    if (key === 'application/octet-stream') return undefined;
    if (key === 'text/event-stream') return checkEventStream(text);
    // A page for people (/status opened in a browser): a whole HTML document.
    if (key === 'text/html')
      return /^<!doctype html>/i.test(text.trimStart()) ? undefined : 'the page is not HTML';
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return `the body is not JSON: ${text.slice(0, 200)}`;
    }
    const validate = validator(schemaPointer);
    if (!validate(json))
      return `the body does not match the schema for ${status}: ${ajv.errorsText(validate.errors)}`;
    if (response.status >= 400 && LEAKS.test(text)) return `the error leaks internals: ${text.slice(0, 300)}`;
    return undefined;
  };
}

/** Server-sent events: every `data:` line one JSON object with a `type`, the last one `done` or `error`. */
function checkEventStream(text: string): string | undefined {
  const events: Array<{ type?: unknown }> = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:')) continue;
    try {
      events.push(JSON.parse(line.slice(5)) as { type?: unknown });
    } catch {
      return `an event is not JSON: ${line.slice(0, 200)}`;
    }
  }
  const last = events.at(-1)?.type;
  if (last !== 'done' && last !== 'error') return `the stream ends with ${String(last)}, not done or error`;
  if (events.some((event) => typeof event.type !== 'string')) return 'an event has no type';
  return undefined;
}
