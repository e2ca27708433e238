/**
 * Builders for configuration fields: each is a TypeBox schema (so the `Config` type is derived from
 * it) carrying the environment variable it is read from, its default and a description (so the
 * reader and docs/configuration.md are derived from it too). Nothing here knows a variable by name.
 */
import path from 'node:path';
import { Type, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

/** The keywords a field adds to its schema (TypeBox keeps unknown options on the schema). */
export interface EnvKeywords {
  /** The variable the field is read from. */
  env: string;
  /** Read when `env` is unset or empty (SEMA_CHAT_API_KEY falls back to HF_TOKEN). */
  envFallback?: string;
  description: string;
  /** The value when unset; a function when it depends on other variables. */
  default?: unknown;
  /** The default as the docs print it, when the value depends on the machine (paths, core count). */
  defaultText?: string;
  /** What values are allowed, as the docs print it (set by the builders). */
  allowedText?: string;
  /** Turns the (trimmed, non-empty) text into the value, or throws a ConfigError naming the variable. */
  parse?: (raw: string, name: string, env: Env) => unknown;
}

/** `envFallback`: an older name of the variable, read when `env` is unset (kept as an alias). */
type FieldOptions = { description: string; defaultText?: string; envFallback?: string };

const keywords = (env: string, options: FieldOptions, extra: Partial<EnvKeywords> = {}) => ({
  env,
  ...options,
  ...extra,
});

/** A whole number in [min, max]. */
export function integer(env: string, fallback: number, min: number, max: number, options: FieldOptions) {
  return Type.Integer({
    ...keywords(env, options, {
      default: fallback,
      allowedText: `${min.toLocaleString('en')} – ${max.toLocaleString('en')}`,
    }),
    minimum: min,
    maximum: max,
  });
}

/** Free text (read from `envFallback` too, an older name, when `env` is unset). */
export function text(env: string, fallback: string, options: FieldOptions) {
  return Type.String(keywords(env, options, { default: fallback }));
}

/** Free text with no default (wrap the field in Type.Optional). */
export function optionalText(env: string, options: FieldOptions) {
  return Type.String(keywords(env, options));
}

/** One of a few words. */
export function choice<const T extends readonly [string, ...string[]]>(
  env: string,
  values: T,
  fallback: T[number] | ((env: Env) => T[number]),
  options: FieldOptions,
): TUnion<TLiteral<T[number]>[]> {
  const literals = values.map((value) => Type.Literal(value as T[number]));
  return Type.Union(literals, keywords(env, options, { default: fallback, allowedText: values.join(', ') }));
}

/**
 * The word that picks one variant of a section (the engine, the chat provider); `formerly`, an older
 * word that still picks it.
 */
export function discriminant<const V extends string>(
  env: string,
  value: V,
  description: string,
  formerly?: string,
) {
  return Type.Literal(value, { env, description, ...(formerly && { formerly }) });
}

/** A value read by its own parser, whose schema says what it becomes. */
export function parsed<T extends TSchema>(
  env: string,
  schema: T,
  parse: (raw: string, name: string, env: Env) => Static<T>,
  options: FieldOptions & { default?: Static<T> | undefined; allowedText?: string },
): T {
  return { ...schema, ...keywords(env, options, { parse }) };
}

/**
 * The folder the user started in: npm sets INIT_CWD to it (`npm start` then runs the server inside
 * apps/server), so a relative path in a setting means what it meant where it was typed.
 */
export function startFolder(env: Env): string {
  return env.INIT_CWD?.trim() || process.cwd();
}

/** A path, resolved against the folder the user started in. */
export function resolvePath(raw: string, env: Env): string {
  return path.resolve(startFolder(env), raw);
}

/** A setting that is off unless set: `off` is its value then, and the docs say "off". */
export function offUnlessSet<T extends TSchema>(
  env: string,
  schema: T,
  off: Static<T>,
  parse: (raw: string) => Static<T>,
  options: FieldOptions & { allowedText: string },
): T {
  return parsed(env, schema, parse, {
    description: options.description,
    default: off,
    defaultText: 'off',
    allowedText: `off, ${options.allowedText}`,
  });
}

/** A folder, resolved against the folder the user started in. */
export function folder(env: string, fallback: string, fallbackText: string, options: FieldOptions) {
  return parsed(env, Type.String(), (raw, _name, vars) => resolvePath(raw, vars), {
    ...options,
    default: fallback,
    defaultText: fallbackText,
    allowedText: 'a folder',
  });
}

/** A SQLite file, resolved like a path, or `:memory:` (kept until the server stops). */
export function sqliteFile(env: string, fallback: string, fallbackText: string, options: FieldOptions) {
  return parsed(
    env,
    Type.String(),
    (raw, _name, vars) => (raw === ':memory:' ? ':memory:' : resolvePath(raw, vars)),
    { ...options, default: fallback, defaultText: fallbackText, allowedText: 'a file path, or :memory:' },
  );
}

/** An http(s) URL without trailing slashes. */
export function httpUrl(raw: string, name: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL (got '${raw}')`);
  }
  return raw.replace(/\/+$/, '');
}

/** A comma-separated list of http(s) URLs. */
export function httpUrlList(raw: string, name: string): string[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => httpUrl(entry, name));
}
