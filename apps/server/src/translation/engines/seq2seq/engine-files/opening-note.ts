/**
 * A file whose opening may kill the process rather than fail: ONNX Runtime reading packings it saved
 * (prepacked-weights.ts) has segfaulted on kernels it does not read back, and a segfault is no error
 * the engine can catch and fall back from. While such a file opens, a note beside it names this
 * machine and process; it is removed once the file has opened and run its first step (the crash
 * seen was at the first run), or failed in a way the engine caught, and when the process exits.
 * A later process that finds the note of a process of this machine no longer running knows that
 * the opening killed it, and does not try that file again (a model process that died three times
 * while loading would otherwise be given up).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SUFFIX = '.opening';

const noteOf = (file: string, pid = process.pid) => `${file}${SUFFIX}-${os.hostname()}-${pid}`;

/** Notes left on exit by the process: a stop during an opening (the server going away) is no crash. */
const open = new Set<string>();
let cleaning = false;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a process of this machine died while opening `file` (its note is there, it is not
 * running). The notes of such processes are removed; those of other machines sharing the folder
 * are left to them.
 */
export function diedWhileOpening(file: string): boolean {
  const folder = path.dirname(file);
  const prefix = `${path.basename(file)}${SUFFIX}-${os.hostname()}-`;
  let died = false;
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return false;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    died = true;
    fs.rmSync(path.join(folder, name), { force: true });
  }
  return died;
}

/**
 * Leaves this process's note beside `file`; the function returned removes it, once the file has
 * opened and run (or failed in a way the engine caught). A clean exit removes it too.
 */
export function leaveOpeningNote(file: string): () => void {
  const note = noteOf(file);
  try {
    fs.writeFileSync(note, `${new Date().toISOString()}\n`);
  } catch {
    // A folder we cannot write to: opened without the note (the copy could not have been written there either).
    return () => {};
  }
  open.add(note);
  if (!cleaning) {
    cleaning = true;
    process.once('exit', () => open.forEach((left) => fs.rmSync(left, { force: true })));
  }
  return () => {
    if (open.delete(note)) fs.rmSync(note, { force: true });
  };
}
