// What the engine benches (bench:engine, bench:models) feed a synthetic model and read back.
import { procMemoryKb } from '../scripts/lib/proc-memory.ts';

/** Seeded sentences of 8–40 one-token words (syllables the synthetic vocabularies hold whole). */
export function sentences(count: number, seed: number): string[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const syllables = [...'bcdfghjklmnprstvwz'].flatMap((c) => [...'aeiou'].map((v) => c + v));
  return Array.from({ length: count }, () => {
    const words = 8 + Math.floor(random() * 33);
    return Array.from({ length: words }, () => syllables[Math.floor(random() * syllables.length)]).join(' ');
  });
}

/** Peak resident memory of a process (VmHWM), MB. */
export function vmHwmMb(pid: number | undefined): number {
  return pid ? procMemoryKb(pid, 'VmHWM') / 1024 : NaN;
}
