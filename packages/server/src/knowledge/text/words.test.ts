import { describe, expect, it } from 'vitest';
import { fold, otherForms, sameWord, typoOf } from './words';

describe('sameWord', () => {
  it('joins the forms of a word by a stem-like prefix, and short words only by a plural ending', () => {
    expect(sameWord(fold('admisiones'), fold('Admisión'))).toBe(true);
    expect(sameWord('fees', 'fee')).toBe(true);
    expect(sameWord('bus', 'business')).toBe(false);
    // A word with figures only as a whole.
    expect(sameWord('internet2', fold('interés'))).toBe(false);
    expect(sameWord('internet2', 'internet2')).toBe(true);
  });

  it('joins irregular forms stemming cannot: a verb and the noun made from it', () => {
    expect(sameWord('died', 'death')).toBe(true);
    expect(sameWord(fold('murió'), 'muerte')).toBe(true);
    expect(sameWord(fold('nació'), 'nacimiento')).toBe(true);
    expect(sameWord('bought', 'buy')).toBe(true);
    expect(sameWord('died', 'birth')).toBe(false);
    expect(otherForms('taught')).toContain('teach');
    expect(otherForms('school')).toEqual([]);
  });
});

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
