import { describe, expect, it } from 'vitest';
import { linkFilter, linkPolicy, neutraliseLinks } from './links';

const allowed = linkPolicy({
  website: 'https://www.colegio.example/inicio',
  passages: ['Pay at https://pay.example.net/norte?x=1. Write to admisiones@otra.example.'],
});

describe('linkPolicy', () => {
  it("allows the website's host (with or without www) and the passages' own addresses only", () => {
    expect(allowed('https://colegio.example/fees')).toBe(true);
    expect(allowed('http://www.colegio.example')).toBe(true);
    expect(allowed('https://pay.example.net/norte?x=1')).toBe(true);
    expect(allowed('mailto:admisiones@otra.example')).toBe(true);
    expect(allowed('https://pay.example.net/other')).toBe(false);
    expect(allowed('https://colegio.example.evil.test/')).toBe(false);
    expect(allowed('https://evil.test/?u=colegio.example')).toBe(false);
    expect(allowed('javascript:alert(1)')).toBe(false);
    expect(allowed('mailto:someone@evil.test')).toBe(false);
  });

  it('reads a website given without a scheme, and allows nothing more without one', () => {
    expect(linkPolicy({ website: 'colegio.example', passages: [] })('https://colegio.example/a')).toBe(true);
    expect(linkPolicy({ website: null, passages: [] })('https://colegio.example/a')).toBe(false);
  });
});

describe('neutraliseLinks', () => {
  it('keeps the text of a refused Markdown link and drops a refused bare URL', () => {
    expect(
      neutraliseLinks(
        'See [fees](https://colegio.example/fees), [a prize](https://evil.test/x) or https://evil.test/y.',
        allowed,
      ),
    ).toBe('See [fees](https://colegio.example/fees), a prize or .');
    expect(neutraliseLinks('Go to www.evil.test/z now', allowed)).toBe('Go to  now');
  });
});

describe('linkFilter', () => {
  const whole =
    'A [b](https://evil.test/(x)) c https://colegio.example/d [1]. e www.evil.test f [g](mailto:x@evil.test) h';
  it('gives the same text whatever the pieces, never a refused link', () => {
    const expected = neutraliseLinks(whole, allowed);
    expect(expected).toBe('A b c https://colegio.example/d [1]. e  f g h');
    for (const size of [1, 2, 3, 5, 8, 13]) {
      const filter = linkFilter(allowed);
      const out: string[] = [];
      for (let at = 0; at < whole.length; at += size) out.push(filter.push(whole.slice(at, at + size)));
      out.push(filter.flush());
      expect(out.join(''), `pieces of ${size}`).toBe(expected);
      for (const piece of out) expect(piece, `pieces of ${size}`).not.toMatch(/evil/);
    }
  });

  it('holds back only what may be an unfinished link', () => {
    const filter = linkFilter(allowed);
    expect(filter.push('The bus leaves ')).toBe('The bus leaves ');
    expect(filter.push('at 7:30 [1')).toBe('at 7:30 ');
    expect(filter.push('] from ')).toBe('[1] from ');
    expect(filter.push('htt')).toBe('');
    expect(filter.push('ps://evil.test ok')).toBe(' ok');
    expect(filter.push(' see www')).toBe(' see ');
    expect(filter.flush()).toBe('www');
  });
});
