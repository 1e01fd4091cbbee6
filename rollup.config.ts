/**
 * Builds the widget (DESIGN §6) into packages/widget/dist: `embed.js`, the loader of the embed snippet (an
 * IIFE, <= 2 KB gzip), and `chat.js` plus its chunks, the chat app (ESM, <= 30 KB gzip in all). The chat
 * shares the data layer, written for React: react, react-dom and the hook shim SWR uses are aliased to
 * preact/compat (as in the `data:preact` vitest project). `node packages/widget/size.mjs` checks the sizes.
 */
import alias from '@rollup/plugin-alias';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { fileURLToPath } from 'node:url';
import type { Plugin, RollupOptions } from 'rollup';

const widget = (path: string) => fileURLToPath(new URL(`./packages/widget/${path}`, import.meta.url));
const compat = widget('node_modules/preact/compat/dist/compat.module.js');

/** The plugins of both bundles; a fresh set each (the TypeScript plugin keeps per-build state). */
function plugins(): Plugin[] {
  return [
    alias({
      entries: [
        {
          find: /^(react|react-dom|react-dom\/client|use-sync-external-store\/shim(\/index\.js)?)$/,
          replacement: compat,
        },
        {
          find: /^react\/jsx-(dev-)?runtime$/,
          replacement: widget('node_modules/preact/jsx-runtime/dist/jsxRuntime.module.js'),
        },
      ],
    }),
    // One preact for the app and the aliased compat, wherever an import comes from.
    resolve({
      browser: true,
      dedupe: ['preact'],
      extensions: ['.ts', '.tsx', '.mjs', '.js'],
      rootDir: widget(''),
    }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    typescript({ tsconfig: widget('tsconfig.build.json'), outputToFilesystem: false }),
    terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
  ];
}

/** SWR marks its modules `'use client'` for React Server Components; meaningless in a bundle. */
const onwarn: RollupOptions['onwarn'] = (warning, warn) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
};

const config: RollupOptions[] = [
  {
    input: widget('src/embed/embed.ts'),
    output: { file: widget('dist/embed.js'), format: 'iife' },
    plugins: plugins(),
    onwarn,
  },
  {
    input: { chat: widget('src/chat/main.tsx') },
    output: {
      dir: widget('dist'),
      format: 'es',
      entryFileNames: '[name].js',
      // Hashed, so the server may cache them for good.
      chunkFileNames: '[name]-[hash].js',
    },
    plugins: plugins(),
    onwarn,
  },
];
export default config;
