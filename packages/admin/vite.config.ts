// The admin console's build: React + the lingui macro and .po catalogs through the preset the
// whole workspace shares, route chunks from the router's lazy routes, and .gz/.br copies of every
// text asset so the server sends them pre-compressed (packages/server/src/static/).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { linguiReact } from '../ui/lingui-preset.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

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
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const body = await readFile(full);
            if (body.length < 1024) return;
            await writeFile(`${full}.gz`, await gzipAsync(body, { level: 9 }));
            await writeFile(
              `${full}.br`,
              await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }),
      );
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [linguiReact(), precompress()],
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
    // `npm run dev`: the API runs on 8080 (tsx watch); the console calls it on the same origin.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
