import { describe, expect, it } from 'vitest';
import { rovingIndex } from './roving-index';

describe('rovingIndex', () => {
  it('moves with the arrows and wraps around at both ends', () => {
    expect(rovingIndex('ArrowRight', 0, 3)).toBe(1);
    expect(rovingIndex('ArrowRight', 2, 3)).toBe(0);
    expect(rovingIndex('ArrowLeft', 1, 3)).toBe(0);
    expect(rovingIndex('ArrowLeft', 0, 3)).toBe(2);
  });

  it('jumps to the ends with Home and End, and ignores other keys', () => {
    expect(rovingIndex('Home', 2, 3)).toBe(0);
    expect(rovingIndex('End', 0, 3)).toBe(2);
    expect(rovingIndex('Enter', 1, 3)).toBeUndefined();
    expect(rovingIndex('ArrowDown', 1, 3)).toBeUndefined();
  });
});
