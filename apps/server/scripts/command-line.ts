/**
 * What the operator's commands (`npm run models`, `npm run data`) share: ending with a sentence on
 * standard error, and reading the server's configuration as the server would, a bad setting ending
 * the command with the server's own message.
 */
import { ConfigError } from '../src/config/fields.ts';
import { loadConfig } from '../src/config/read.ts';
import type { Config } from '../src/config/schema.ts';

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export function configOrFail(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
