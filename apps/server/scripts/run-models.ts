// The tests of `npm run models` run the command as an operator would: a child process, its own
// environment, and its exit code, output and errors read back whether it succeeded or failed.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'models.ts');

export interface ModelsRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run models -- …args` with this environment over the process's own. */
export async function runModels(env: Record<string, string>, ...args: string[]): Promise<ModelsRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { env: { ...process.env, ...env, SEMA_LOG_LEVEL: 'silent' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as ModelsRun;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
