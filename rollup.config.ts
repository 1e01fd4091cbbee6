/**
 * Builds the widget (docs/architecture.md#the-widget-and-public-pages) into packages/widget/dist: `embed.js`, the loader of the embed snippet (an
 * IIFE, <= 2 KB gzip), and `chat.js` plus its chunks, the chat app (ESM, <= 30 KB gzip in all). The chat
 * is React-API code on the shared data layer: react, react-dom, the JSX runtime and the hook shim SWR
 * uses are aliased to preact/compat and Preact's runtime (as in the `widget` and `data:preact` vitest
 * projects); lingui's macro compiles its strings. `node packages/widget/size.mjs` checks the sizes.
 */
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import alias from '@rollup/plugin-alias';
import { babel } from '@rollup/plugin-babel';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, RollupOptions } from 'rollup';
import { precompressDir } from './scripts/lib/precompress';

const widget = (path: string) => fileURLToPath(new URL(`./packages/widget/${path}`, import.meta.url));
const compat = widget('node_modules/preact/compat/dist/compat.module.js');
const linguiConfig = getConfig({ configPath: widget('lingui.config.ts') });

/**
 * lingui compiles ICU messages at run time only in development, through a parser (and its CommonJS
 * lexer) that production never calls: the catalogs are compiled ahead (`pnpm extract`).
 */
const precompiledCatalogs: Plugin = {
  name: 'lingui-precompiled-catalogs',
  resolveId: (id) => (id === '@lingui/message-utils/compileMessage' ? '\0lingui-compile-message' : null),
  load: (id) =>
    id === '\0lingui-compile-message'
      ? 'export const compileMessage = () => { throw new Error("catalogs are compiled ahead"); };'
      : null,
};

/** The pre-compressed `.gz`/`.br` copies the server sends (`precompressed` in widget-static.ts). */
const precompress: Plugin = {
  name: 'conversa-precompress',
  writeBundle: (options) => precompressDir(options.dir ?? path.dirname(options.file!)),
};

/** The plugins of both bundles; a fresh set each (the TypeScript plugin keeps per-build state). */
function plugins(): Plugin[] {
  return [
    precompiledCatalogs,
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
    // After TypeScript, so only the macro is left to compile: `t` and friends become catalog lookups.
    babel({
      babelHelpers: 'bundled',
      babelrc: false,
      configFile: false,
      extensions: ['.ts', '.tsx'],
      include: [widget('src/**')],
      plugins: [[linguiMacro, { linguiConfig }]],
    }),
    terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
    precompress,
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
