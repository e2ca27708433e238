import { describe, expect, it } from 'vitest';
import { DUBLIN_CORE_TEXT, extractRuns } from './xml-runs.ts';

describe('formatted runs', () => {
  it('reads a part with a 1 MB attribute', () => {
    const { segments } = extractRuns(
      `<m x="${'a'.repeat(1_000_000)}"><dc:title>Title</dc:title></m>`,
      DUBLIN_CORE_TEXT,
    );
    expect(segments).toEqual(['Title']);
  });

  it('reads a truncated part as far as it goes', () => {
    const { segments, rebuild } = extractRuns('<m><dc:title>Cut here', DUBLIN_CORE_TEXT);
    expect(segments).toEqual(['Cut here']);
    expect(rebuild(['Coupé ici'])).toBe('<m><dc:title>Coupé ici');
  });
});
