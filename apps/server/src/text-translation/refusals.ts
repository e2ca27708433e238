/**
 * Every reason the text-translation service refuses a request, as data: each API surface answers the
 * same refusal with the same decision, in its own protocol's status, shape and field names.
 */
import { MESSAGES, textTooLongMessage } from '@sema/shared/validation';
import type { Undetected } from '../detection/detector.ts';
import { ApiError } from '../lib/errors.ts';

/** A language pair, in catalogue codes. */
export interface LanguagePair {
  source: string;
  target: string;
}

/**
 * Why a request was refused. `index` names the text in a list of texts (absent for a request of one
 * text).
 */
export type TextRefusal =
  | { kind: 'no-texts' }
  | { kind: 'too-many-texts'; count: number; limit: number }
  | { kind: 'empty'; index?: number }
  | { kind: 'too-long'; length: number; limit: number; index?: number }
  | { kind: 'too-long-in-all'; total: number; limit: number }
  | { kind: 'alternatives-range'; asked: number; limit: number }
  | { kind: 'alternatives-format' }
  | { kind: 'undetectable'; why: Undetected; index?: number }
  | { kind: 'glossary-invalid'; problem: string }
  | { kind: 'glossary-not-found'; id: string }
  | { kind: 'glossary-mismatch'; name: string; glossary: LanguagePair; asked: LanguagePair; index?: number };

/** What a protocol calls the request fields a refusal names. */
export interface FieldNames {
  /** The list of texts, as in `texts[2]`. */
  texts: string;
  source: string;
  glossaryId: string;
  glossary: string;
  alternatives: string;
}

/** Our own API's field names. */
export const OUR_FIELDS: FieldNames = {
  texts: 'texts',
  source: 'source_language',
  glossaryId: 'glossary_id',
  glossary: 'glossary',
  alternatives: 'alternatives',
};

/** Our status and code for a refusal; a protocol maps the status onto its own set. */
export function refusalStatus(refusal: TextRefusal): { status: number; code: string } {
  switch (refusal.kind) {
    case 'too-many-texts':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE' };
    case 'too-long':
    case 'too-long-in-all':
      return { status: 413, code: 'TEXT_TOO_LONG' };
    case 'undetectable':
      return { status: 422, code: refusal.why.code };
    case 'glossary-not-found':
      return { status: 404, code: 'GLOSSARY_NOT_FOUND' };
    case 'glossary-mismatch':
      return { status: 422, code: 'GLOSSARY_MISMATCH' };
    default:
      return { status: 422, code: 'VALIDATION_ERROR' };
  }
}

/** The refusal in words, naming the fields as the protocol does. */
export function refusalDetail(refusal: TextRefusal, fields: FieldNames): string {
  const where =
    'index' in refusal && refusal.index !== undefined ? ` (${fields.texts}[${refusal.index}])` : '';
  switch (refusal.kind) {
    case 'no-texts':
      return `${fields.texts} must hold at least one text`;
    case 'too-many-texts':
      return `Too many texts: ${refusal.count} (the limit is ${refusal.limit} per request)`;
    case 'empty':
      return `${MESSAGES.textEmpty}${where}`;
    case 'too-long':
      return `${textTooLongMessage(refusal.length, refusal.limit)}${where}`;
    case 'too-long-in-all':
      return `Texts are too long: ${refusal.total} characters in all (the limit is ${refusal.limit} per request)`;
    case 'alternatives-range':
      return `${fields.alternatives}: from 0 to ${refusal.limit} (got ${refusal.asked})`;
    case 'alternatives-format':
      return `${fields.alternatives}: only for format text`;
    case 'undetectable':
      return `${refusal.why.detail}${where}; give ${fields.source}`;
    case 'glossary-invalid':
      return `${fields.glossary}: ${refusal.problem}`;
    case 'glossary-not-found':
      return `${fields.glossaryId}: no glossary "${refusal.id.slice(0, 64)}" on this server`;
    case 'glossary-mismatch': {
      const { glossary, asked } = refusal;
      return `${fields.glossaryId}: the glossary "${refusal.name}" is for ${glossary.source} → ${glossary.target}, not ${asked.source} → ${asked.target}${where}`;
    }
  }
}

/**
 * A refusal of the text-translation service. As an {@link ApiError} it answers in our own API's words;
 * a compatibility API reads `refusal` and answers in its protocol's.
 */
export class TextRefusalError extends ApiError {
  override name = 'TextRefusalError';

  constructor(readonly refusal: TextRefusal) {
    const { status, code } = refusalStatus(refusal);
    super(status, code, refusalDetail(refusal, OUR_FIELDS));
  }
}
