import fc from 'fast-check';
import { hostileString, Repeated } from './hostile-values.ts';
import { Nested, type FuzzRequest } from './fuzz-request.ts';

type Path = Array<string | number>;

/** Every place in a JSON value (the root is `[]`), so a mutation can pick one. */
export function jsonPaths(value: unknown, prefix: Path = []): Path[] {
  const here = [prefix];
  if (Array.isArray(value)) return here.concat(...value.map((item, i) => jsonPaths(item, [...prefix, i])));
  if (value && typeof value === 'object' && !(value instanceof Repeated) && !(value instanceof Nested))
    return here.concat(...Object.entries(value).map(([key, item]) => jsonPaths(item, [...prefix, key])));
  return here;
}

/** Sets an own property, even `__proto__` (an assignment would change the prototype instead). */
function define(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `value` with `change` applied to the container holding `path`'s last key. */
function edit(
  value: unknown,
  path: Path,
  change: (parent: Record<string | number, unknown>, key: string | number) => void,
): unknown {
  if (path.length === 0) return value;
  const copy = (node: unknown): Record<string | number, unknown> =>
    (Array.isArray(node) ? [...node] : { ...(node as object) }) as Record<string | number, unknown>;
  const root = copy(value);
  let parent = root;
  for (const key of path.slice(0, -1)) {
    const child = copy(parent[key]);
    define(parent, key, child);
    parent = child;
  }
  change(parent, path.at(-1)!);
  return root;
}

const replaceAt = (value: unknown, path: Path, replacement: unknown) =>
  path.length === 0 ? replacement : edit(value, path, (parent, key) => define(parent, key, replacement));

const removeAt = (value: unknown, path: Path) =>
  edit(value, path, (parent, key) => {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  });

const otherTypes = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  fc.string({ maxLength: 10 }),
);

const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype');
const pollution = fc.constantFrom<unknown>(
  { polluted: true },
  { prototype: { polluted: true } },
  'x',
  null,
  [],
);

/** A JSON body changed at one place: a wrong type, a missing or extra field, a hostile or nested value. */
export function mutateJson(valid: unknown): fc.Arbitrary<{ kind: string; value: unknown }> {
  const paths = jsonPaths(valid);
  const objectPaths = paths.filter((path) => {
    const node = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], valid);
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
  const anywhere = fc.constantFrom(...paths);
  const inner = paths.length > 1 ? fc.constantFrom(...paths.slice(1)) : fc.constant<Path>([]);
  const inObject = objectPaths.length ? fc.constantFrom(...objectPaths) : fc.constant<Path>([]);
  const addKey = (kind: string, key: fc.Arbitrary<string>, item: fc.Arbitrary<unknown>) =>
    fc.tuple(inObject, key, item).map(([path, name, added]) => ({
      kind,
      value: edit(valid, [...path, name], (parent, key) => define(parent, key, added)),
    }));
  return fc.oneof(
    fc
      .tuple(anywhere, otherTypes)
      .map(([path, other]) => ({ kind: 'wrong-type', value: replaceAt(valid, path, other) })),
    inner.map((path) => ({ kind: 'missing-field', value: removeAt(valid, path) })),
    addKey('extra-field', fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })),
    addKey('prototype-key', prototypeKey, pollution),
    fc
      .tuple(anywhere, hostileString())
      .map(([path, text]) => ({ kind: 'hostile-string', value: replaceAt(valid, path, text) })),
    fc
      .tuple(
        anywhere,
        fc.integer({ min: 50, max: 100_000 }),
        fc.constantFrom<'array' | 'object'>('array', 'object'),
      )
      .map(([path, depth, shape]) => ({
        kind: 'deep-nesting',
        value: replaceAt(valid, path, new Nested(depth, shape)),
      })),
  );
}

/** Bodies that are not the JSON they claim to be. */
export const brokenJsonBody: fc.Arbitrary<{ kind: string; text: string | Uint8Array }> = fc.oneof(
  fc
    .constantFrom(
      '',
      ' ',
      'null',
      '[]',
      '"text"',
      '42',
      'true',
      '{',
      '{"text":',
      '{"a":1,}',
      '{/*c*/}',
      "{'a':1}",
      'NaN',
    )
    .map((text) => ({ kind: 'broken-json', text })),
  fc
    .constantFrom(
      Uint8Array.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // {"t":"<invalid UTF-8>"}
      Uint8Array.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // an encoded lone surrogate
      Uint8Array.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]), // an overlong encoding
      Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), // a byte-order mark, then {}
      Uint8Array.from([0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d]), // UTF-16
    )
    .map((text) => ({ kind: 'bad-bytes', text })),
);

/** Content types a careless or hostile client sends with a body (null: no header at all). */
export const wrongContentType: fc.Arbitrary<string | null> = fc.constantFrom(
  null,
  '',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'Application/JSON',
  'application/json;;;',
  'application/jsonx',
  'application/*',
  '*/*',
  ';',
  'application/vnd.api+json',
);

/** Percent-encodings that do not decode to UTF-8 (or decode to something a path should not hold). */
export const badPercentEncoding = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%00',
  '%2',
  '%%',
  '%u0041',
  '%E2%80%AE',
  '..%2F..%2F',
);

/** The same request with its query or path parameters broken. */
export function mutateUrl(request: FuzzRequest, hasPathParameters: boolean): fc.Arbitrary<FuzzRequest> {
  const [path, query = ''] = request.url.split('?') as [string, string?];
  const join = (extra: string) => `${path}?${query ? `${query}&` : ''}${extra}`;
  const segments = path.split('/');
  const options: Array<fc.Arbitrary<FuzzRequest>> = [
    badPercentEncoding.map((bad) => ({
      ...request,
      kind: 'bad-query-encoding',
      url: join(`q=${bad}&${bad}=1`),
    })),
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 20 }))
      .map(([key, value]) => ({
        ...request,
        kind: 'extra-query',
        url: join(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`),
      })),
    fc.integer({ min: 1_000, max: 12_000 }).map((length) => ({
      ...request,
      kind: 'long-query',
      url: join(`q=${'%F0%9F%98%80'.repeat(length / 12)}`),
    })),
  ];
  if (query)
    options.push(fc.constant({ ...request, kind: 'repeated-query', url: `${path}?${query}&${query}` }));
  if (hasPathParameters)
    options.push(
      badPercentEncoding.map((bad) => ({
        ...request,
        kind: 'bad-path-encoding',
        url: [...segments.slice(0, -1), segments.at(-1) + bad].join('/') + (query ? `?${query}` : ''),
      })),
    );
  return fc.oneof(...options);
}
