/**
 * `null` for an optional field means "not given", as the services Sema stands in for read it:
 * LibreTranslate takes its key with `json.get("api_key")`, OpenAI and DeepL accept `null` for their
 * optional parameters, and JSON clients (the LibreTranslate Firefox extension among them) send
 * `"api_key": null` for a setting the user left empty. A route's schema says which fields are
 * optional; this drops a `null` from each of those before validation, so the schemas stay strict
 * about types (a `null` where a field is required, or where a schema itself allows `null` and gives
 * it a meaning, is left for the schema to judge).
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Whether a schema would take `null` itself (then `null` may mean something, and is kept). */
function acceptsNull(schema: JsonSchema): boolean {
  const { type } = schema;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.some(acceptsNull);
  // A schema with no type at all (Type.Any, Type.Unknown) takes anything, null included.
  return type === undefined && !schema.allOf && !schema.properties;
}

/** Removes, in place, the `null` values of optional fields that the schema does not allow as `null`. */
export function dropNullOptionals(value: unknown, schema: JsonSchema | undefined): void {
  if (!schema || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items && !Array.isArray(items)) for (const item of value) dropNullOptionals(item, items);
    return;
  }
  for (const branch of schema.allOf ?? []) dropNullOptionals(value, branch);
  const properties = schema.properties;
  if (!properties) return;
  const required = new Set(schema.required ?? []);
  const record = value as Record<string, unknown>;
  for (const [name, field] of Object.entries(properties)) {
    if (!Object.hasOwn(record, name)) continue;
    if (record[name] === null) {
      if (!required.has(name) && !acceptsNull(field)) delete record[name];
    } else {
      dropNullOptionals(record[name], field);
    }
  }
}
