import { describe, expect, it } from 'vitest';
import { typoOf } from './words';

describe('typoOf', () => {
  it('reads one typing error in a word of five to seven letters, two from eight', () => {
    expect(typoOf('robotcs', 'robotics')).toBe(true);
    expect(typoOf('bedigo', 'bendigo')).toBe(true);
    expect(typoOf('arpnet', 'arpanet')).toBe(true);
    expect(typoOf('robtcs', 'robotics')).toBe(false);
  });

  it('counts two neighbouring letters in the wrong order as one error', () => {
    expect(typoOf('zeria', 'zeira')).toBe(true);
    expect(typoOf('fuonder', 'founder')).toBe(true);
    // A swap and another error: too many for seven letters, not for eight.
    expect(typoOf('fuondr', 'founder')).toBe(false);
    expect(typoOf('gaurantee', 'guarantee')).toBe(true);
  });

  it('keeps the first letter and leaves short words alone', () => {
    expect(typoOf('ozeria', 'zeria')).toBe(false);
    expect(typoOf('ezira', 'zeira')).toBe(false);
    expect(typoOf('feis', 'fies')).toBe(false);
  });
});
