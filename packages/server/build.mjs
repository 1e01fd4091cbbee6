// Bundles the server into dist/main.js, the backup commands into dist/backup.js, the document extraction child process into
// dist/extract.child.js (with dist/no-network.js, loaded before it), the CSV thread into dist/records-csv.worker.js and the crawler's HTML thread into
// dist/html-content.worker.js (main.js starts them from
// beside itself, src/bundled-script.ts): workspace packages (TypeScript
// sources) inlined, npm dependencies of the server kept external (loaded from node_modules at run
// time); what the workspace packages depend on is bundled with them.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const own = new Set(Object.keys(dependencies).filter((name) => !name.startsWith('@conversa/')));
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

await build({
  entryPoints: {
    main: 'src/main.ts',
    backup: 'src/backup/cli.ts',
    'extract.child': 'src/knowledge/extract/extract.child.ts',
    'no-network': 'src/knowledge/extract/no-network.ts',
    'records-csv.worker': 'src/sales/records-csv.worker.ts',
    'html-content.worker': 'src/websites/html-content.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          (own.has(packageName(args.path)) && !args.path.endsWith('.json')) || args.path.startsWith('node:')
            ? { path: args.path, external: true }
            : undefined,
        );
      },
    },
  ],
  logLevel: 'warning',
});
