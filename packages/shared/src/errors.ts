/** The error messages people read, shared by the server and the web app. */

/** Request layer. */
export const REQUEST_ERRORS = {
  httpStatus: (status: number, statusText: string) => `HTTP ${status}: ${statusText}`,
  requestFailed: (status: number) => `Request failed with status ${status}`,
  network: 'Network error occurred',
  /** The browser could not reach the server at all (offline, DNS, a dropped connection). */
  unreachable: 'Network error. Please check your connection.',
  unexpected: 'An unexpected error occurred',
  languages: 'Failed to fetch languages',
} as const;

/** Machine codes of API errors. */
export type ApiErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNSUPPORTED_LANGUAGE'
  | 'TEXT_TOO_LONG'
  | 'PAYLOAD_TOO_LARGE'
  | 'BAD_REQUEST'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'RATE_LIMITED'
  | 'TOO_MANY_CONCURRENT'
  | 'MODEL_UNAVAILABLE'
  | 'OVERLOADED'
  | 'NO_LETTERS'
  | 'UNSUPPORTED_SCRIPT'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UPSTREAM_ERROR'
  | 'TIMEOUT'
  | 'INTERNAL_ERROR'
  | 'CLIENT_CLOSED'
  | 'NOT_READY'
  | 'SHUTTING_DOWN'
  | 'GLOSSARY_NOT_FOUND'
  | 'DOCUMENT_NOT_FOUND'
  | 'GLOSSARY_MISMATCH'
  | 'GLOSSARY_LIMIT'
  | 'GLOSSARIES_UNAVAILABLE'
  | 'KEYS_UNAVAILABLE'
  | 'API_KEY_REQUIRED'
  | 'INVALID_API_KEY'
  | 'SESSION_EXPIRED'
  | 'SESSION_INVALID'
  | 'GLOSSARY_READ_ONLY'
  | 'OPERATOR_TOKEN_REQUIRED'
  | 'QUOTA_EXCEEDED'
  | ChatErrorCode;

export type ChatErrorCode =
  'AUTH_ERROR' | 'RATE_LIMIT' | 'NETWORK_ERROR' | 'CHAT_ERROR' | 'CHAT_NOT_CONFIGURED';

/**
 * The spec's authentication failure, naming the provider whose token the operator must check
 * ("Hugging Face", "OpenAI", … or "chat provider" when the endpoint is not a known one).
 */
export const authErrorMessage = (provider: string): string =>
  `Authentication failed. Please check your ${provider} token.`;

/** The chat service's table: what the user is told for each kind of failure. */
export const CHAT_ERRORS = {
  AUTH_ERROR: authErrorMessage('Hugging Face'),
  RATE_LIMIT: 'Rate limit exceeded. Please try again later.',
  NETWORK_ERROR: REQUEST_ERRORS.unreachable,
  CHAT_ERROR: 'Failed to get AI response',
  noChoices: 'No response from chat API',
  invalidFormat: 'Invalid response format from chat API',
} as const;

/** Chat-mode flow errors by step. */
export const FLOW_ERRORS = {
  detection: 'Failed to detect language',
  translation: 'Translation failed',
  chat: 'AI chat failed',
  default: 'An error occurred during processing',
} as const;

/** Messages the UI shows. */
export const UI_ERRORS = {
  translateContent: 'Translation failed',
  translateNote: 'Translation failed. Please try again.',
  chat: 'Chat failed. Please try again.',
} as const;
