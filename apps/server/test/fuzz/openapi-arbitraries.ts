import fc from 'fast-check';

/** The part of JSON Schema (as OpenAPI 3.1 and TypeBox write it) that request schemas use. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
}

/**
 * What the schema cannot say: values that mean something to this API for a field of that name
 * (language codes, regions, texts), built from the live catalogue by the caller.
 */
export type Hints = (name: string) => fc.Arbitrary<unknown> | undefined;

export interface SchemaContext {
  /** Resolves `#/components/schemas/…` against the OpenAPI document. */
  resolve(ref: string): JsonSchema;
  hints: Hints;
  /** How long arrays and strings get when the schema sets no maximum (keeps valid calls cheap). */
  defaultMaxItems: number;
  defaultMaxLength: number;
}

/**
 * Values that the schema accepts, leaning towards its edges: empty and longest strings and arrays,
 * smallest and largest numbers, optional fields left out, every branch of a union.
 */
export function arbitraryFromSchema(
  schema: JsonSchema,
  context: SchemaContext,
  name = '',
): fc.Arbitrary<unknown> {
  const hint = name ? context.hints(name) : undefined;
  if (hint) return hint;
  if (schema.$ref) return arbitraryFromSchema(context.resolve(schema.$ref), context, name);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => arbitraryFromSchema(branch, context, name)));
  if (schema.allOf?.length === 1) return arbitraryFromSchema(schema.allOf[0]!, context, name);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((type) => arbitraryFromSchema({ ...schema, type }, context, name)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema, context);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, context, name);
    case 'object':
      return objectArbitrary(schema, context);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? context.defaultMaxLength;
  const edges = [minLength, maxLength].map((length) =>
    fc.string({ unit: 'grapheme', minLength: length, maxLength: length }),
  );
  const samples = [schema.example, ...(schema.examples ?? [])].filter((value) => typeof value === 'string');
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.oneof(...edges) },
    ...(samples.length ? [{ weight: 2, arbitrary: fc.constantFrom(...samples) }] : []),
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  const inside = integer
    ? fc.integer({ min: min ?? -1_000_000, max: max ?? 1_000_000 })
    : fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
  const edges = [schema.minimum, schema.maximum].filter((edge) => edge !== undefined);
  return edges.length ? fc.oneof({ weight: 3, arbitrary: inside }, fc.constantFrom(...edges)) : inside;
}

function arrayArbitrary(schema: JsonSchema, context: SchemaContext, name: string): fc.Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? context.defaultMaxItems, minLength + context.defaultMaxItems);
  const item = arbitraryFromSchema(schema.items ?? {}, context, `${name}[]`);
  const longest =
    schema.maxItems === undefined
      ? []
      : [fc.array(item, { minLength: schema.maxItems, maxLength: schema.maxItems })];
  return fc.oneof(
    { weight: 9, arbitrary: fc.array(item, { minLength, maxLength }) },
    ...longest.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

function objectArbitrary(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, arbitraryFromSchema(property, context, key)]),
  );
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}
