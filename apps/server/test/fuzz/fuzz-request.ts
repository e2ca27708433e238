import fc from 'fast-check';
import { Repeated } from './hostile-values.ts';

/** Brackets or objects nested `depth` deep, written straight into the JSON text (no recursion here). */
export class Nested {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
  ) {}
  text(): string {
    return this.kind === 'array'
      ? '['.repeat(this.depth) + ']'.repeat(this.depth)
      : '{"a":'.repeat(this.depth) + '1' + '}'.repeat(this.depth);
  }
  [fc.toStringMethod](): string {
    return `Nested(${this.kind} ×${this.depth})`;
  }
}

/** A multipart part; `filename: null` leaves the attribute out. */
export interface Part {
  name: string;
  filename?: string | null;
  contentType?: string;
  /** Built lazily for formats that need async work (docx). */
  content: string | Uint8Array | Repeated | (() => Promise<Uint8Array>);
}

export type BodyPlan =
  | { type: 'json'; value: unknown }
  | { type: 'raw'; text: string | Uint8Array | Repeated }
  | { type: 'multipart'; boundary: string; parts: Part[]; cut?: 'truncated' | 'unclosed' };

/** One HTTP request as the fuzzer plans it; `contentType: null` sends a body without the header. */
export interface FuzzRequest {
  /** What kind of case this is: `valid` or the mutation's name. */
  kind: string;
  method: string;
  /** Path and query, already percent-encoded (sometimes deliberately badly). */
  url: string;
  headers: Record<string, string>;
  contentType?: string | null;
  body?: BodyPlan;
}

/** JSON text for a planned value: long strings expanded, deep nesting spliced in, `__proto__` kept. */
export function toJsonText(value: unknown): string {
  const nested: Nested[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Nested) return `\u0000nested${nested.push(item) - 1}\u0000`;
    return item;
  });
  return text.replace(/"\\u0000nested(\d+)\\u0000"/g, (_match, index: string) =>
    nested[Number(index)]!.text(),
  );
}

async function multipartBytes(plan: Extract<BodyPlan, { type: 'multipart' }>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (const part of plan.parts) {
    let disposition = `form-data; name="${part.name}"`;
    if (part.filename !== undefined && part.filename !== null) disposition += `; filename="${part.filename}"`;
    const head = [`--${plan.boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(head.join('\r\n') + '\r\n\r\n', 'utf8'));
    const content = typeof part.content === 'function' ? await part.content() : part.content;
    chunks.push(
      typeof content === 'string' || content instanceof Repeated
        ? Buffer.from(String(content))
        : Buffer.from(content),
    );
    chunks.push(Buffer.from('\r\n'));
  }
  if (plan.cut !== 'unclosed') chunks.push(Buffer.from(`--${plan.boundary}--\r\n`));
  const bytes = Buffer.concat(chunks);
  return plan.cut === 'truncated' ? bytes.subarray(0, Math.floor(bytes.length * 0.6)) : bytes;
}

/** The bytes of a planned body. */
export async function bodyBytes(body: BodyPlan | undefined): Promise<Buffer | undefined> {
  if (!body) return undefined;
  if (body.type === 'json') return Buffer.from(toJsonText(body.value), 'utf8');
  if (body.type === 'multipart') return multipartBytes(body);
  return typeof body.text === 'string' || body.text instanceof Repeated
    ? Buffer.from(String(body.text), 'utf8')
    : Buffer.from(body.text);
}
