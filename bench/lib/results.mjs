// Writes one section of bench/RESULTS.md, between `<!-- name:start -->` and `<!-- name:end -->`,
// leaving the other benchmarks' sections as they are.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'RESULTS.md');

const header = `# Benchmark results

Figures printed by the benchmarks under \`bench/\` (\`npm run bench\`), compared with the budgets of
docs/architecture.md#budgets. Each section is rewritten by its own benchmark.
`;

/** Replaces (or appends) a section. */
export function writeSection(name, markdown) {
  let text = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
}

/** One line describing the machine the figures come from. */
export function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
