import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { MESSAGES } from '@sema/shared/validation';

/** Messages the spec gives for a missing field; other missing fields get a generic sentence. */
const MISSING_FIELD_MESSAGES: Record<string, string> = {
  text: MESSAGES.textEmpty,
  target_language: MESSAGES.targetRequired,
};

function fieldName(error: FastifySchemaValidationError, context: string): string {
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context;
}

/**
 * The values a field may take, so the message can list them: an `enum`'s own list, or the `const`
 * of each branch of a union of literals (ajv reports one error per branch at the same path).
 */
function allowedValues(errors: FastifySchemaValidationError[], instancePath: string): string[] {
  const values: string[] = [];
  for (const error of errors) {
    if (error.instancePath !== instancePath) continue;
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'enum' && Array.isArray(params.allowedValues))
      values.push(...params.allowedValues.map(String));
    if (error.keyword === 'const' && 'allowedValue' in params) values.push(String(params.allowedValue));
  }
  return [...new Set(values)];
}

/** One readable sentence for the first schema violation, in the spec's words where it has them. */
export function describeValidationError(errors: FastifySchemaValidationError[], context: string): string {
  const error = errors[0];
  if (!error) return 'Invalid request';
  const params = error.params as Record<string, unknown>;
  const field = fieldName(error, context);
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty ?? '');
      return MISSING_FIELD_MESSAGES[missing] ?? `${missing} is required`;
    }
    case 'type':
      if (error.instancePath === '' && context === 'body') return 'The request body must be a JSON object';
      return `${field} must be ${/^[aeiou]/.test(String(params.type)) ? 'an' : 'a'} ${String(params.type)}`;
    case 'additionalProperties':
      return `Unknown field: ${String(params.additionalProperty)}`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters`;
    case 'maxItems':
      return `${field} must have at most ${String(params.limit)} items`;
    case 'minItems':
      return `${field} must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
    case 'enum':
    case 'anyOf':
    case 'const': {
      const allowed = allowedValues(errors, error.instancePath);
      return allowed.length > 0
        ? `${field} must be one of: ${allowed.join(', ')}`
        : `${field} has a value that is not allowed`;
    }
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}
