/**
 * Resident memory of a process and of its child processes (the model process), read from /proc
 * once a second while the soak runs. Linux only; elsewhere the samples are empty and said so.
 */
import fs from 'node:fs';

export interface MemorySample {
  /** Seconds since the soak started. */
  at: number;
  serverMb: number;
  /** The server's children together (the translation model process). */
  childrenMb: number;
}

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent pid is the second field after the command, which is in parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

export function sampleMemory(pid: number, startedAt: number): MemorySample {
  return {
    at: (performance.now() - startedAt) / 1000,
    serverMb: rssMb(pid),
    childrenMb: childrenOf(pid).reduce((sum, child) => sum + rssMb(child), 0),
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
