/**
 * All configuration comes from environment variables, validated once at start: a bad value stops
 * the server with a message naming the variable, instead of failing later in a request. The settings
 * are declared once, as schemas (config/schema.ts); docs/configuration.md is generated from them.
 */
export { ConfigError } from './config/fields.ts';
export { parseRateLimit, parseRedisUrl, parseTrustProxy } from './config/parsers.ts';
export type { RateLimitConfig, TrustProxy } from './config/parsers.ts';
export { configWarnings, loadConfig } from './config/read.ts';
export type { Config } from './config/schema.ts';
