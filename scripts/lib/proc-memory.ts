/**
 * Memory of a process and its children, read from Linux's /proc (the soak, the contract fuzzer and
 * the engine bench watch the server and its model process this way). Elsewhere, or once a process
 * is gone, the readings are 0 and no children.
 */
import fs from 'node:fs';

/** A memory field of /proc/<pid>/status, in kB: VmRSS (resident now) or VmHWM (the peak). */
export function procMemoryKb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The process ids a process started (its children, from each of its threads). */
export function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
