// The note a process leaves while it opens a file that may crash it (opening-note.ts): a process
// that dies with its note still there (killed outright, as a segfault kills it) is found dead by the
// next one; one that exits cleanly, or is still running, is not.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diedWhileOpening, leaveOpeningNote } from './opening-note.ts';

const MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'opening-note.ts');
let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-opening-note-'));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A process that leaves its note beside `file`, then ends as `end` says. */
function noteThen(file: string, end: 'killed' | 'exits') {
  const script = `
    const { leaveOpeningNote } = await import(${JSON.stringify(MODULE)});
    leaveOpeningNote(${JSON.stringify(file)});
    ${end === 'killed' ? "process.kill(process.pid, 'SIGKILL');" : 'process.exit(0);'}`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
}

describe('the opening note', () => {
  it('tells the next process that one died while the file was open, once', () => {
    const file = path.join(folder, 'decoder.prepacked.onnx');
    const killed = noteThen(file, 'killed');
    expect(killed.signal).toBe('SIGKILL');
    expect(diedWhileOpening(file)).toBe(true);
    // Its note is gone with the answer: a file is given up once, by the process that found it.
    expect(fs.readdirSync(folder).filter((name) => name.includes('.opening-'))).toEqual([]);
    expect(diedWhileOpening(file)).toBe(false);
  });

  it('says nothing of a process that exited cleanly, or of one still running', async () => {
    const file = path.join(folder, 'other.prepacked.onnx');
    const exited = noteThen(file, 'exits');
    expect(exited.status).toBe(0);
    expect(diedWhileOpening(file)).toBe(false);

    const running = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(`${file}.opening-${os.hostname()}-${running.pid}`, '');
      expect(diedWhileOpening(file)).toBe(false);
    } finally {
      running.kill();
    }
    // This process's own note, while it opens: not a death.
    const done = leaveOpeningNote(file);
    expect(diedWhileOpening(file)).toBe(false);
    done();
    expect(
      fs
        .readdirSync(folder)
        .filter((name) => name.startsWith('other.') && name.includes(String(process.pid))),
    ).toEqual([]);
  });
});
