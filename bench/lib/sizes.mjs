// Sizes of shipped bytes as the budgets count them (docs/architecture.md#budgets): raw, gzip -9 and brotli q11, in KB of
// 1,000 bytes.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Raw, gzip and brotli sizes of some bytes. */
export function sizes(body) {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The sum of one column of rows. */
export const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);

/** Bytes as KB with one decimal. */
export const kb = (bytes) => (bytes / 1000).toFixed(1);
