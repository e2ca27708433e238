// One step of making a clone runnable (npm ci, the web build), run in the foreground with its output
// on this terminal, saying every so often that it is still going and what it is doing: npm runs the
// native modules' install scripts without a word, and better-sqlite3 compiled from source takes
// minutes on a small machine, which would otherwise look like a hang.
import { spawn } from 'node:child_process';

/**
 * @typedef {object} StepOptions
 * @property {string} what What the step does, for people: "installing dependencies".
 * @property {string} [meanwhile] What it is most likely busy with while it says nothing.
 * @property {number} [everyMs] How often to say it is still going (default 30 s).
 * @property {NodeJS.ProcessEnv} [env]
 * @property {string} [cwd]
 * @property {(line: string) => void} [say] Where the step's own lines go (default stdout).
 */

/** "45 s", "2 min 10 s". */
function elapsed(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * Runs `command args`, announcing it, and resolves with its exit code.
 * @param {string} command
 * @param {string[]} args
 * @param {StepOptions} options
 * @returns {Promise<number>}
 */
export function runStep(command, args, { what, meanwhile, everyMs = 30_000, env, cwd, say }) {
  const write = say ?? ((line) => process.stdout.write(`${line}\n`));
  write(`> ${command} ${args.join(' ')}   (${what})`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    const timer = setInterval(() => {
      write(`… still ${what} (${elapsed(Date.now() - started)})${meanwhile ? `: ${meanwhile}` : ''}`);
    }, everyMs);
    const done = (code) => {
      clearInterval(timer);
      resolve(code);
    };
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.once('error', (error) => {
      write(`${command}: ${error.message}`);
      done(1);
    });
  });
}
