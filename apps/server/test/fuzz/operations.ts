import type { JsonSchema } from './openapi-arbitraries.ts';

export interface MediaType {
  schema?: JsonSchema;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}

/** One operation of the document, as the fuzzer drives it. */
export interface Operation {
  /** `POST /api/v1/translate`: how cases are counted and reported. */
  id: string;
  method: string;
  /** The path template, e.g. `/api/v1/languages/{code}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  jsonBody?: JsonSchema;
  /** A JSON-pointer to the operation inside the document, for checking its responses. */
  pointer: string;
  responses: Record<string, ResponseObject>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every operation the OpenAPI document lists, in its order. */
export function listOperations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        jsonBody: operation.requestBody?.content?.['application/json']?.schema,
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        responses: operation.responses,
      })),
  );
}

/** Resolves a local `$ref` such as `#/components/schemas/Language`. */
export function resolveRef(document: OpenApiDocument, ref: string): JsonSchema {
  const segments = ref
    .replace(/^#\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = document;
  for (const segment of segments) node = (node as Record<string, unknown>)[segment];
  if (!node) throw new Error(`Unresolvable $ref ${ref}`);
  return node as JsonSchema;
}
