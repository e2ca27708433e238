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
    case 'const':
      return `${field} has a value that is not allowed`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}
