// Whether a system binary a launcher needs is installed: tests that need it skip without it,
// except in CI, which must install it.
import { spawnSync } from 'node:child_process';

/**
 * `command` when `command ...versionArgs` runs, else undefined after warning `missing` (thrown in CI).
 * @param {string} command
 * @param {string[]} versionArgs
 * @param {string} missing What is skipped without it, and how to install it.
 * @returns {string | undefined}
 */
export function installedBinary(command, versionArgs, missing) {
  if (spawnSync(command, versionArgs, { encoding: 'utf8' }).status === 0) return command;
  if (process.env.CI) throw new Error(`${missing}; CI must install it (.ci/run does)`);
  console.warn(missing);
  return undefined;
}
