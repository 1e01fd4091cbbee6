// `npm run bench`: every benchmark in turn, each in its own process; fails when any of them does
// (over budget or broken), after all have run and written their section of RESULTS.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benchmarks = [
  ['bundle-size.mjs'],
  ['api-bench.mjs'],
  ['retrieval-bench.ts', '--import', 'tsx'],
  ['test-questions-bench.ts', '--import', 'tsx'],
  ['embeddings-bench.ts', '--import', 'tsx'],
  ['conversations-bench.ts', '--import', 'tsx'],
  ['records-bench.ts', '--import', 'tsx'],
  ['retention-bench.ts', '--import', 'tsx'],
  ['answer-quality.ts', '--import', 'tsx'],
  ['answer-folds.ts', '--import', 'tsx'],
  ['whatsapp-bench.ts', '--import', 'tsx'],
  ['live-bench.ts', '--import', 'tsx'],
  ['crawl-bench.ts', '--import', 'tsx'],
  ['pdf-processing-bench.mjs'],
  ['soak.mjs', '--import', 'tsx'],
  ['widget-bench.mjs'],
];

const failed = [];
for (const [file, ...nodeArgs] of benchmarks) {
  console.log(`\n▸ bench/${file}`);
  const { status } = spawnSync(process.execPath, [...nodeArgs, path.join(here, file)], {
    stdio: 'inherit',
    cwd: here,
  });
  if (status !== 0) failed.push(file);
}
if (failed.length > 0) {
  console.log(`\nbenchmarks failed or over budget: ${failed.join(', ')}`);
  process.exitCode = 1;
}
