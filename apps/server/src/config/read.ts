/**
 * Reads the configuration from environment variables by walking its schema (schema.ts): each field
 * names its variable, its default and how it is checked, so this reader knows no variable itself.
 * A bad value throws a ConfigError naming the variable; unknown SEMA_* variables and variables of an
 * engine or provider that is not chosen come back as warnings (a typo should not pass silently).
 */
import { Kind, OptionalKind, type TObject, type TSchema, type TUnion } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ConfigError, type Env, type EnvKeywords } from './fields.ts';
import { CONFIG_ADVICE, ConfigSchema, type Config } from './schema.ts';

type Field = TSchema & EnvKeywords;

const isObject = (schema: TSchema): schema is TObject => schema[Kind] === 'Object';
const isOptional = (schema: TSchema) => schema[OptionalKind] === 'Optional';

/** A section with one variant per choice (its variants are objects; a `choice` field's are words). */
export function isVariantUnion(schema: TSchema): schema is TUnion<TObject[]> & EnvKeywords {
  return schema[Kind] === 'Union' && (schema as TUnion).anyOf.every(isObject);
}

/** The word that picks a variant: its literal property with an `env` (and an older word for it). */
export function discriminantOf(variant: TObject): { key: string; value: string; formerly?: string } {
  for (const [key, property] of Object.entries(variant.properties)) {
    if (property[Kind] === 'Literal' && (property as Field).env) {
      const formerly = (property as { formerly?: string }).formerly;
      return { key, value: String(property.const), ...(formerly && { formerly }) };
    }
  }
  throw new Error('a configuration variant without a discriminant');
}

/** The field's text and the variable it came from (its older name, `envFallback`, when `env` is unset). */
function rawValue(field: Field, env: Env): { raw: string; name: string } | undefined {
  const raw = env[field.env]?.trim();
  if (raw) return { raw, name: field.env };
  const older = field.envFallback ? env[field.envFallback]?.trim() : undefined;
  return older ? { raw: older, name: field.envFallback! } : undefined;
}

function defaultOf(field: { default?: unknown }, env: Env): unknown {
  return typeof field.default === 'function' ? (field.default as (env: Env) => unknown)(env) : field.default;
}

function readField(field: Field, env: Env): unknown {
  const read = rawValue(field, env);
  if (read === undefined) return defaultOf(field, env);
  const { raw, name } = read;
  if (field.parse) {
    const value = field.parse(raw, name, env);
    // A list that parses to nothing (", ,") is as good as unset.
    return Array.isArray(value) && value.length < (field.minItems ?? 0) ? undefined : value;
  }
  switch (field[Kind]) {
    case 'Integer': {
      const value = Number(raw);
      const { minimum, maximum } = field as Field & { minimum: number; maximum: number };
      if (!Number.isInteger(value) || value < minimum || value > maximum) {
        throw new ConfigError(`${name} must be a whole number from ${minimum} to ${maximum} (got '${raw}')`);
      }
      return value;
    }
    case 'String':
      return raw;
    case 'Union': {
      const allowed = (field as unknown as TUnion).anyOf.map((literal) => String(literal.const));
      if (!allowed.includes(raw)) {
        throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got '${raw}')`);
      }
      return raw;
    }
  }
  throw new Error(`the configuration field ${field.env} has no reader`);
}

/** Where a variant's settings apply, for messages ("SEMA_TRANSLATION_ENGINE=remote"). */
type Context = string | undefined;

function readObject(schema: TObject, env: Env, context: Context): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    const value = readProperty(property, env, context);
    if (value !== undefined) result[key] = value;
    else if (!isOptional(property)) {
      const field = property as Field;
      throw new ConfigError(
        `${context ? `${context} needs` : 'Set'} ${field.env} (${field.description.toLowerCase()})`,
      );
    }
  }
  return result;
}

function readProperty(property: TSchema, env: Env, context: Context): unknown {
  if (isVariantUnion(property)) return readVariant(property, env);
  if (property[Kind] === 'Literal') return property.const;
  if (isObject(property) && !(property as Partial<Field>).env) return readObject(property, env, context);
  return readField(property as Field, env);
}

/** The chosen variant of a section: its discriminant's variable, or the default. */
export function chosenVariant(union: TUnion<TObject[]> & EnvKeywords, env: Env): TObject {
  const raw = env[union.env]?.trim();
  const wanted = raw || String(defaultOf(union, env));
  const variant = union.anyOf.find((candidate) => {
    const { value, formerly } = discriminantOf(candidate);
    return value === wanted || formerly === wanted;
  });
  if (!variant) {
    const allowed = union.anyOf.map((candidate) => discriminantOf(candidate).value);
    throw new ConfigError(`${union.env} must be one of ${allowed.join(', ')} (got '${raw}')`);
  }
  return variant;
}

function readVariant(union: TUnion<TObject[]> & EnvKeywords, env: Env): Record<string, unknown> {
  const variant = chosenVariant(union, env);
  return readObject(variant, env, `${union.env}=${discriminantOf(variant).value}`);
}

/** Reads and checks the whole configuration. Throws a ConfigError naming the variable at fault. */
export function loadConfig(env: Env = process.env): Config {
  const config = readObject(ConfigSchema, env, undefined);
  // The reader and the schema must agree: a mismatch is a bug here, not a bad setting.
  if (!Value.Check(ConfigSchema, config)) {
    const [first] = Value.Errors(ConfigSchema, config);
    throw new Error(`the configuration does not match its schema at ${first?.path}: ${first?.message}`);
  }
  return config;
}

/** Every variable a schema reads, with where it applies (a variant's settings only when chosen). */
export function variablesOf(schema: TSchema, applies: string[] = []): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (name: string, where: string[]) => {
    if (!found.has(name)) found.set(name, []);
    if (where.length) found.get(name)!.push(where.join(' '));
  };
  const visit = (node: TSchema, where: string[]) => {
    if (isVariantUnion(node)) {
      add(node.env, where);
      for (const variant of node.anyOf)
        visit(variant, [...where, `${node.env}=${discriminantOf(variant).value}`]);
    } else if (isObject(node) && !(node as Partial<Field>).env) {
      for (const property of Object.values(node.properties)) visit(property, where);
    } else if ((node as Partial<Field>).env && node[Kind] !== 'Literal') {
      const field = node as Field;
      add(field.env, where);
      if (field.envFallback) add(field.envFallback, where);
    }
  };
  visit(schema, applies);
  return found;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/**
 * What the operator should hear about at start: SEMA_* variables that no setting reads (with the
 * closest real name), settings of an engine or provider that is not the chosen one, and settings
 * that do not hold together (schema.ts's CONFIG_ADVICE).
 */
export function configWarnings(env: Env = process.env): string[] {
  const variables = variablesOf(ConfigSchema);
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (!name.startsWith('SEMA_') || variables.has(name) || !env[name]?.trim()) continue;
    const closest = [...variables.keys()]
      .map((known) => ({ known, cost: distance(name, known) }))
      .sort((a, b) => a.cost - b.cost)[0];
    const hint = closest && closest.cost <= 3 ? ` (did you mean ${closest.known}?)` : '';
    warnings.push(`${name} is not a Sema setting and is ignored${hint}`);
  }
  for (const [name, where] of variables) {
    if (!env[name]?.trim() || where.length === 0) continue;
    const applies = where.some((condition) =>
      condition.split(' ').every((part) => {
        const [variable, value] = part.split('=') as [string, string];
        const union = findUnion(variable);
        return union ? discriminantOf(chosenVariant(union, env)).value === value : true;
      }),
    );
    if (!applies) warnings.push(`${name} is ignored: it applies when ${where.join(' or ')}`);
  }
  for (const advice of CONFIG_ADVICE) {
    const warning = advice(env);
    if (warning) warnings.push(warning);
  }
  return warnings;
}

function findUnion(variable: string): (TUnion<TObject[]> & EnvKeywords) | undefined {
  for (const property of Object.values((ConfigSchema as TObject).properties)) {
    if (isVariantUnion(property) && property.env === variable) return property;
  }
  return undefined;
}
