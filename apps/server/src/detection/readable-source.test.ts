import { describe, expect, it } from 'vitest';
import type { Detection } from './detector.ts';
import { preferReadable } from './readable-source.ts';

const kirundi: Detection = {
  language: 'run_Latn',
  confidence: 0.53,
  alternatives: [
    { language: 'kin_Latn', confidence: 0.31 },
    { language: 'swh_Latn', confidence: 0.02 },
  ],
};

describe('preferReadable', () => {
  it('keeps the answer on a server that reads the whole catalogue, or reads the answer', () => {
    expect(preferReadable(kirundi, null)).toBe(kirundi);
    expect(preferReadable(kirundi, new Set(['run_Latn', 'eng_Latn']))).toBe(kirundi);
    expect(preferReadable(null, new Set(['eng_Latn']))).toBeNull();
  });

  it('takes a close relative the server reads from the runners-up, keeping the answer as an alternative', () => {
    const [kinyarwanda, swahili] = kirundi.alternatives;
    expect(preferReadable(kirundi, new Set(['kin_Latn', 'swh_Latn']))).toEqual({
      ...kinyarwanda,
      alternatives: [{ language: 'run_Latn', confidence: 0.53 }, swahili],
    });
  });

  it('never takes a runner-up that is not a close relative: the text is refused naming its language', () => {
    // Swahili is read and among the runners-up, but Kirundi text is not Swahili.
    expect(preferReadable(kirundi, new Set(['swh_Latn', 'eng_Latn']))).toBe(kirundi);
  });
});
