// The admin console's build: React + the lingui macro and .po catalogs through the preset the
// whole workspace shares, route chunks from the router's lazy routes, and .gz/.br copies of every
// text asset so the server sends them pre-compressed (packages/server/src/static/).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from '../../scripts/lib/precompress';
import { linguiReact } from '../ui/lingui-preset.ts';

/** Writes `x.gz` and `x.br` beside every text file of the output above 1 KB. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'conversa-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

/**
 * The build renders with Preact (preact/compat), not React: react-dom alone was about 65 KB gzip of
 * /login's first load (issue 31). The code stays React-API code, type-checked against React's types;
 * `npm run dev` and the vitest projects run React, the browser journeys run what ships.
 */
const preactInBuild = (command: string) =>
  command === 'build'
    ? [
        {
          find: /^(react|react-dom|use-sync-external-store\/shim(\/index\.js)?)$/,
          replacement: 'preact/compat',
        },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      ]
    : [];

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [linguiReact(), precompress()],
  // One preact for the app and the aliased compat, wherever an import comes from.
  resolve: { alias: preactInBuild(command), dedupe: ['preact'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route loads (the bench sums /login's from it).
    manifest: true,
    // The budget is checked on gzip sizes by the bench; Vite's own report is enough here.
    reportCompressedSize: true,
  },
  server: {
    port: 5173,
    // `npm run dev`: the API runs on 8080 (tsx watch); the console calls it on the same origin. The
    // server also serves the share image and the legal pages the console links to.
    proxy: Object.fromEntries(
      ['/api', '/og-image.png', '/terms', '/privacy'].map((prefix) => [prefix, 'http://127.0.0.1:8080']),
    ),
  },
}));
