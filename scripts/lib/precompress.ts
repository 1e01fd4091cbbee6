/**
 * `.gz` (level 9) and `.br` (quality 11) copies beside every text file of a build folder above 1 KB,
 * so the server sends them to browsers that accept them and compresses nothing per request. Used by
 * the admin console's Vite build and the widget's Rollup build.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/** Writes the compressed copies of the text files under `dir`. */
export async function precompressDir(dir: string): Promise<void> {
  const files = await readdir(dir, { recursive: true });
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const full = path.join(dir, file);
        const body = await readFile(full);
        if (body.length < 1024) return;
        await writeFile(`${full}.gz`, await gzipAsync(body, { level: 9 }));
        await writeFile(
          `${full}.br`,
          await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }),
  );
}
