/**
 * HTTP header names of Sema's own API, in a module without schemas so that the web app can import
 * them without loading the schema builder.
 */

/**
 * The header in which the web app sends its session token (POST /api/v1/session): with API keys on,
 * it stands for a key, with its own budget per client address.
 */
export const SESSION_HEADER = 'X-Sema-Session';
