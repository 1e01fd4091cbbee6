// STYLE.md rules that lint does not check: one wrapper per UI kit, and a story and a test per component.
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>('../**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const files = Object.keys(sources).map((path) => path.replace(/^\.\.\//, 'src/'));
const importers = (pattern: RegExp) =>
  Object.entries(sources)
    .filter(([path, text]) => !path.endsWith('architecture.test.ts') && pattern.test(text))
    .map(([path]) => path.replace(/^\.\.\//, 'src/'));

describe('packages/ui structure', () => {
  it('imports Headless UI in one wrapper only', () => {
    expect(importers(/from '@headlessui\/react'/)).toEqual(['src/components/headless/headless.ts']);
  });

  it('imports react-hot-toast in one wrapper only', () => {
    expect(importers(/from 'react-hot-toast'/)).toEqual(['src/components/toaster/toaster.tsx']);
  });

  it('gives every component a story file and a test file', () => {
    const components = [
      ...new Set(files.map((f) => /^src\/components\/([^/]+)\//.exec(f)?.[1]).filter(Boolean)),
    ];
    const missing = components
      .filter((name) => name !== 'headless')
      .flatMap((name) =>
        [`${name}.stories.tsx`, `${name}.test.tsx`]
          .map((file) => `src/components/${name}/${file}`)
          .filter((path) => !files.includes(path)),
      );
    expect(components.length).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });

  it('keeps presentational components away from data and features', () => {
    const offenders = Object.entries(sources)
      .filter(([path]) => path.startsWith('../components/') && !/\.(test|stories)\.tsx?$/.test(path))
      .filter(([, text]) => /from '(@conversa\/data|\.\.\/\.\.\/features)/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it('keeps features from importing one another', () => {
    // Relative imports resolved against the importing file (both relative to this folder).
    const resolve = (from: string, target: string) => {
      const parts = from.split('/').slice(0, -1);
      for (const segment of target.split('/')) {
        if (segment === '..' && parts.length > 0 && parts.at(-1) !== '..') parts.pop();
        else if (segment !== '.') parts.push(segment);
      }
      return parts.join('/');
    };
    const domainOf = (path: string) => /^\.\.\/features\/([^/]+)\//.exec(path)?.[1];
    // Stories may compose features as the app does (a slot filled with another feature's part).
    const offenders = Object.entries(sources)
      .filter(([path]) => domainOf(path) && !/\.stories\.tsx?$/.test(path))
      .filter(([path, text]) =>
        [...text.matchAll(/from '([^']+)'/g)].some(({ 1: target = '' }) => {
          const resolved = target.startsWith('.') ? resolve(path, target) : target;
          const other = domainOf(resolved) ?? /^@conversa\/ui\/features\/([^/]+)/.exec(resolved)?.[1];
          return other !== undefined && other !== domainOf(path);
        }),
      )
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
