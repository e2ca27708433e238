/**
 * Resident memory of a process and of its child processes (the model process), read from /proc
 * once a second while the soak runs. Linux only; elsewhere the samples are empty and said so.
 */
import { childPids, procMemoryKb } from '../lib/proc-memory.ts';

export interface MemorySample {
  /** Seconds since the soak started. */
  at: number;
  serverMb: number;
  /** The server's children together (the translation model process). */
  childrenMb: number;
}

const rssMb = (pid: number) => procMemoryKb(pid) / 1024;

export function sampleMemory(pid: number, startedAt: number): MemorySample {
  return {
    at: (performance.now() - startedAt) / 1000,
    serverMb: rssMb(pid),
    childrenMb: childPids(pid).reduce((sum, child) => sum + rssMb(child), 0),
  };
}

/** Least-squares slope, in MB per minute, of `values` sampled at `times` (seconds). */
export function slopePerMinute(times: number[], values: number[]): number {
  const n = times.length;
  if (n < 2) return 0;
  const meanT = times.reduce((a, b) => a + b, 0) / n;
  const meanV = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (times[i]! - meanT) * (values[i]! - meanV);
    den += (times[i]! - meanT) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}
