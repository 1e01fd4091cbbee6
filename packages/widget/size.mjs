// Prints the gzip and brotli sizes of the built widget (docs/architecture.md#budgets: embed.js <= 2 KB gzip, the
// chat app, all it loads, <= 30 KB gzip) and exits 1 when a budget is exceeded. Run after the build.
import { readdirSync, readFileSync } from 'node:fs';
import { sizes as sizesOf } from '../../bench/lib/sizes.mjs';

const dist = new URL('./dist/', import.meta.url);
// KB = 1,000 bytes, as in bench/bundle-size.mjs and bench/widget-bench.mjs.
const KB = 1000;
const budgets = { embed: 2 * KB, chat: 30 * KB };

/** Sizes of one file of the build in bytes. */
const sizes = (name) => sizesOf(readFileSync(new URL(name, dist)));

/** Prints a line of the report. */
const print = (line) => process.stdout.write(`${line}\n`);
const kb = (n) => `${(n / KB).toFixed(2)} KB`;
const row = (name, s) =>
  print(
    `${name.padEnd(28)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} ${kb(s.brotli).padStart(10)}`,
  );

print(`${'file'.padEnd(28)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
const embed = sizes('embed.js');
row('embed.js', embed);
const total = { raw: 0, gzip: 0, brotli: 0 };
for (const name of readdirSync(dist)
  .filter((file) => file.endsWith('.js') && file !== 'embed.js')
  .sort()) {
  const s = sizes(name);
  row(name, s);
  for (const key of Object.keys(total)) total[key] += s[key];
}
row('chat, all files', total);

const over = [
  embed.gzip > budgets.embed && `embed.js is over ${kb(budgets.embed)} gzip`,
  total.gzip > budgets.chat && `the chat app is over ${kb(budgets.chat)} gzip`,
].filter(Boolean);
over.forEach((line) => console.error(line));
process.exitCode = over.length ? 1 : 0;
