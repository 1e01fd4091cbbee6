/**
 * Scripts that run in a process or thread of their own (document extraction, CSV writing). In the
 * bundle this code lives in dist/main.js and build.mjs emits each script as dist/{name}.js beside
 * it. From the sources (tsx, vitest) a script is bundled here once per process with esbuild (a dev
 * dependency) into node_modules/.cache: plain JavaScript starts in a fraction of the time
 * TypeScript compiled through tsx does, and a worker thread could not load TypeScript at all.
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';

const scripts = new Map<string, string>();

/** The server's npm dependencies (build.mjs keeps the same ones out of the bundle). */
function npmPackages(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    (name) => !name.startsWith('@conversa/'),
  );
}

/** The path of script `name`, whose source is `source` (a `.ts` URL beside its caller). */
export function bundledScript(name: string, source: URL): string {
  const known = scripts.get(name);
  if (known) return known;
  if (!import.meta.url.endsWith('.ts')) {
    const built = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
    scripts.set(name, built);
    return built;
  }
  // Inside the server package, so the bundle's imports of its npm dependencies resolve.
  const dir = fileURLToPath(new URL('../node_modules/.cache/conversa/', import.meta.url));
  const script = `${dir}${name}.mjs`;
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  mkdirSync(dir, { recursive: true });
  // Written aside, then renamed: processes bundling at once never start a half-written file.
  const partial = `${script}.${process.pid}.tmp`;
  buildSync({
    entryPoints: [fileURLToPath(source)],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The server's npm packages load from node_modules; the workspace's (TypeScript) are inlined.
    external: npmPackages().flatMap((name) => [name, `${name}/*`]),
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  renameSync(partial, script);
  scripts.set(name, script);
  return script;
}
