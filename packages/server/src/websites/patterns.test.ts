import { describe, expect, it } from 'vitest';
import { inScope, matchesPath } from './patterns';

/** The robots.txt reading of a pattern as a regular expression: right, but backtracking. */
function byRegex(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
}

describe('path patterns', () => {
  it('match as robots.txt rules do: a prefix, * for any characters, a final $ for the end', () => {
    expect(matchesPath('/admissions', '/admissions/fees?year=2027')).toBe(true);
    expect(matchesPath('/admissions', '/news/admissions')).toBe(false);
    expect(matchesPath('/*.pdf$', '/docs/fees.pdf')).toBe(true);
    expect(matchesPath('/*.pdf$', '/docs/fees.pdf?download=1')).toBe(false);
    expect(matchesPath('/news/*/print', '/news/2026/open-day/print')).toBe(true);
    expect(matchesPath('/news/*/print', '/news/print')).toBe(false);
    expect(matchesPath('/a$', '/a')).toBe(true);
    expect(matchesPath('/a$', '/ab')).toBe(false);
    expect(matchesPath('/*aba$', '/aba')).toBe(true);
    expect(matchesPath('/*ab*ab$', '/abab')).toBe(true);
    expect(matchesPath('/*ab*ab$', '/aba')).toBe(false);
    expect(inScope(new URL('https://school.example/es/fees'), ['/es/'], ['/es/news'])).toBe(true);
    expect(inScope(new URL('https://school.example/es/news/1'), ['/es/'], ['/es/news'])).toBe(false);
    expect(inScope(new URL('https://school.example/en/fees'), ['/es/'], [])).toBe(false);
  });

  it('agree with the regular-expression reading on every small pattern and path', () => {
    // Every pattern and path over a two-letter alphabet with * and a final $, up to a few characters.
    const words = (alphabet: string[], max: number): string[] => {
      const out = [''];
      for (let length = 1; length <= max; length++) {
        for (const word of out.filter((w) => w.length === length - 1)) {
          for (const letter of alphabet) out.push(word + letter);
        }
      }
      return out;
    };
    const paths = words(['a', 'b'], 5).map((w) => `/${w}`);
    const patterns = words(['a', 'b', '*'], 4).flatMap((w) => [`/${w}`, `/${w}$`]);
    let disagreements = 0;
    for (const pattern of patterns) {
      for (const path of paths) if (matchesPath(pattern, path) !== byRegex(pattern, path)) disagreements++;
    }
    expect(patterns.length * paths.length).toBeGreaterThan(10_000);
    expect(disagreements).toBe(0);
  });

  it('decide at once on a pattern of many stars that a backtracking engine takes minutes on', () => {
    const pattern = `/${'*a'.repeat(90)}b`;
    const path = `/${'a'.repeat(2_000)}`;
    expect(matchesPath(pattern, path)).toBe(false);
    expect(matchesPath(pattern, `${path}b`)).toBe(true);
  });
});
