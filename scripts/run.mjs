#!/usr/bin/env node
// The project's top-level commands (`npm start`, `npm test`, …). It needs nothing but Node and npm:
// it bootstraps the pinned pnpm, installs the workspace, builds what is stale, and for tests brings
// up the system parts they need (a throwaway PostgreSQL, Chromium) or says exactly what is missing.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePnpm, pnpmArgs } from './lib/pnpm.mjs';
import { isStale, markBuilt } from './lib/stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Where the command was typed (npm runs scripts from the package folder and says where in INIT_CWD).
const typedIn = process.env.INIT_CWD ?? process.cwd();
process.chdir(root);

/**
 * Runs a command; resolves to its exit code. Its stdio is inherited, or with `output` (an array)
 * its stdout and stderr are collected there, for a step that runs beside another and is printed
 * whole when it ends.
 */
function run(cmd, args, { output, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...options });
    if (output) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    // 'close', not 'exit': collected output is complete only once the streams have closed.
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      const message = `conversa: could not run ${cmd}: ${error.message}\n`;
      if (output) output.push(Buffer.from(message));
      else process.stderr.write(message);
      resolve(1);
    });
  });
}

function step(title, output) {
  const line = `\n\x1b[1m▸ ${title}\x1b[0m\n`;
  if (output) output.push(Buffer.from(line));
  else process.stdout.write(line);
}

/**
 * A step that must exit 0: its title, its run, then how long it took; a failed one goes to
 * `failures`. The durations are kept on the function (`check.durations`), in the order the steps
 * started, for a closing summary. With `{ aside: true }` the step runs beside others: `fn` gets an
 * array to collect its output in (for `run`'s `output`), printed whole under the title when it ends.
 */
function timedCheck(failures) {
  const durations = [];
  const check = async (title, fn, { aside = false } = {}) => {
    const output = aside ? [] : undefined;
    if (aside) console.log(`\x1b[2m▸ ${title}: started\x1b[0m`);
    else step(title);
    const entry = [title, 0];
    durations.push(entry);
    const started = performance.now();
    const code = await fn(output);
    entry[1] = Math.round((performance.now() - started) / 1000);
    if (aside) {
      step(title);
      process.stdout.write(Buffer.concat(output));
    }
    console.log(`\x1b[2m▸ ${title}: ${code === 0 ? 'done' : 'failed'} in ${entry[1]} s\x1b[0m`);
    if (code !== 0) failures.push(title);
    return code;
  };
  check.durations = durations;
  return check;
}

async function pnpm(args, options) {
  const [cmd, prefix] = pnpmArgs();
  return run(cmd, [...prefix, ...args], options);
}

async function install() {
  step('install (pnpm)');
  await ensurePnpm();
  const frozen = existsSync('pnpm-lock.yaml') ? ['--frozen-lockfile'] : [];
  const code = await pnpm(['install', ...frozen, '--prefer-offline', '--reporter=append-only']);
  if (code !== 0) {
    console.error('conversa: pnpm install failed (see above).');
    process.exit(code);
  }
}

/** Packages built for `npm start`, in dependency order, with the folders whose changes make them stale. */
const builds = [
  {
    name: '@conversa/admin',
    dir: 'packages/admin',
    inputs: [
      'packages/admin',
      'packages/ui',
      'packages/data',
      'packages/contract',
      'scripts/lib/precompress.ts',
    ],
  },
  {
    name: '@conversa/widget',
    dir: 'packages/widget',
    inputs: [
      'packages/widget',
      'packages/data',
      'packages/contract',
      'rollup.config.ts',
      'scripts/lib/precompress.ts',
    ],
  },
  { name: '@conversa/server', dir: 'packages/server', inputs: ['packages/server', 'packages/contract'] },
];

/**
 * Builds what is stale; a failed build exits, or with `keepGoing` resolves to its exit code. With
 * `output`, what the builds print is collected there (see `run`).
 */
async function build({ force = false, keepGoing = false, output } = {}) {
  for (const pkg of builds) {
    const manifest = JSON.parse(readFileSync(path.join(pkg.dir, 'package.json'), 'utf8'));
    if (!manifest.scripts?.build) continue;
    if (!force && !isStale(pkg.dir, pkg.inputs)) continue;
    step(`build ${pkg.name}`, output);
    const code = await pnpm(['--filter', pkg.name, 'run', 'build'], { output });
    if (code !== 0) {
      if (keepGoing) return code;
      process.exit(code);
    }
    markBuilt(pkg.dir);
  }
  return 0;
}

const storybookInputs = [
  '.storybook',
  'packages/ui',
  'packages/widget/src',
  'packages/data',
  'packages/contract',
];

/** The static Storybook (storybook-static/) for the smoke test, rebuilt when its inputs changed. */
async function buildStorybook(output) {
  if (!isStale('.', storybookInputs, 'storybook-static')) return 0;
  step('build Storybook', output);
  const code = await pnpm(['run', 'build-storybook', '--quiet'], { output });
  if (code === 0) markBuilt('.', 'storybook-static');
  return code;
}

/** `npm start`: the server with what is stale built first; `env` adds variables (`start:worker`'s ROLE). */
async function start(env = {}) {
  await install();
  await build();
  step(env.ROLE ? `start (ROLE=${env.ROLE})` : 'start');
  const code = await run(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
    env: { ...process.env, ...env },
  });
  process.exit(code);
}

/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]`: the backup commands of the
 * built server (dist/backup.js) on DATA_DIR (docs/architecture.md#backups). The file is taken
 * from where the command was typed; DATA_DIR, like `npm start`'s, from the repository's root.
 */
async function backupCommand(command) {
  await install();
  await build();
  step(command);
  const args = process.argv.slice(3).map((arg) => (arg.startsWith('-') ? arg : path.resolve(typedIn, arg)));
  process.exit(
    await run(process.execPath, ['--enable-source-maps', 'packages/server/dist/backup.js', command, ...args]),
  );
}

async function dev() {
  await install();
  step('dev: API with reload on http://127.0.0.1:8080');
  process.exit(
    await pnpm(['--parallel', '--filter', '@conversa/server', '--filter', '@conversa/admin', 'run', 'dev']),
  );
}

const buildStep = 'build the admin console, the server and Storybook';

/** What the browser suites run against: the stale packages and Storybook built (see `buildStep`). */
async function buildForBrowserSuites(output) {
  const code = await build({ keepGoing: true, output });
  return code !== 0 ? code : buildStorybook(output);
}

/**
 * The browser suites (Storybook smoke, journeys in Chromium against the built server): builds what
 * is stale and Storybook (unless `built`: the caller ran `buildStep` already), finds or installs
 * Chromium, runs `e2e/vitest.config.ts` with a JSON report. Failed steps go to `failures`; resolves
 * to whether the suites ran.
 */
async function browserSuites(check, failures, reportFile, vitestArgs = [], { built = false } = {}) {
  rmSync(reportFile, { force: true });
  mkdirSync(path.dirname(reportFile), { recursive: true });
  if (!built) await check(buildStep, () => buildForBrowserSuites());
  step('Chromium for the browser suites');
  const { ensureChromium } = await import('./lib/chromium.mjs');
  let chromium = null;
  try {
    chromium = ensureChromium();
    console.log(`conversa: ${chromium}`);
  } catch (error) {
    console.error(`conversa: ${error.message}`);
    failures.push('Chromium');
  }
  if (!chromium || failures.includes(buildStep)) {
    failures.push('browser suites not run (see above)');
    return false;
  }
  await check('Storybook smoke and browser journeys (vitest, Chromium)', () =>
    pnpm([
      'exec',
      'vitest',
      'run',
      '--config',
      'e2e/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      ...vitestArgs,
    ]),
  );
  return true;
}

/** `npm run e2e [-- filters]`: only the browser suites, e.g. `npm run e2e -- journeys/account`. */
async function e2e() {
  await install();
  const failures = [];
  const check = timedCheck(failures);
  const reportFile = path.join(root, '.cache', 'vitest-e2e-report.json');
  await browserSuites(check, failures, reportFile, process.argv.slice(3));
  if (failures.length > 0) console.log(`\nfailed steps: ${failures.join(', ')}`);
  process.exit(failures.length > 0 ? 1 : 0);
}

/**
 * The typecheck's cache (declarations and build info of each project, .cache/tsc/): `tsc -b` checks
 * again a project whose own files changed, but not one whose dependencies in node_modules did, so
 * the cache is dropped whenever the lockfile differs from the one it was written with.
 */
function dropStaleTypecheckCache() {
  const cache = path.join('.cache', 'tsc');
  const stamp = path.join(cache, 'pnpm-lock.sha256');
  const lock = existsSync('pnpm-lock.yaml')
    ? createHash('sha256').update(readFileSync('pnpm-lock.yaml')).digest('hex')
    : 'none';
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) return;
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  writeFileSync(stamp, lock);
}

async function test() {
  await install();
  const failures = [];
  const check = timedCheck(failures);

  // The static checks and the browser suites' build, in two lanes side by side: tsc, prettier and
  // eslint each keep about one core busy, so tsc (the longest) runs on one while prettier, eslint
  // and then the builds run on the other, instead of one after another with a core idle. The builds
  // (Vite, Rollup, Storybook) use more than one core, so they come last, beside only the end of the
  // typecheck: started beside all of it (tsc then eslint against prettier then the builds), the
  // phase took 181 s instead of 140 in a fresh clone. Two lanes, not four steps at once: more
  // processes than cores only take turns and thrash the caches.
  await Promise.all([
    // One `tsc -b` over the root tsconfig.json: each project checked once, in dependency order, its
    // dependents reading its declarations (.cache/tsc/); an unchanged project is not checked again.
    check(
      'typecheck (tsc)',
      (output) => {
        dropStaleTypecheckCache();
        return pnpm(['run', 'typecheck'], { output });
      },
      { aside: true },
    ),
    (async () => {
      await check(
        'format (prettier --check)',
        (output) => pnpm(['exec', 'prettier', '--check', '--log-level=warn', '.'], { output }),
        { aside: true },
      );
      await check(
        'lint (eslint)',
        (output) => pnpm(['exec', 'eslint', '--max-warnings=0', '.'], { output }),
        { aside: true },
      );
      // Built before the unit tests (which neither read nor change the builds' inputs), so the build
      // overlaps the typecheck instead of waiting for the tests.
      await check(buildStep, buildForBrowserSuites, { aside: true });
    })(),
  ]);

  step('PostgreSQL for the server tests');
  const { startPostgres } = await import('./lib/postgres.mjs');
  const postgres = await startPostgres();
  const env = { ...process.env, TEST_DATABASE_URL: postgres.url };

  const reportFile = path.join(root, '.cache', 'vitest-report.json');
  mkdirSync(path.dirname(reportFile), { recursive: true });
  rmSync(reportFile, { force: true });
  try {
    await check('unit, component and server tests (vitest)', () =>
      pnpm(
        ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
        {
          env,
        },
      ),
    );
  } finally {
    await postgres.stop();
  }

  // Browser suites (Storybook smoke, journeys against the built server) after the unit projects, so
  // Chromium does not compete with them for the cores.
  const e2eReportFile = path.join(root, '.cache', 'vitest-e2e-report.json');
  const e2eRuns = await browserSuites(check, failures, e2eReportFile, [], { built: true });

  let passed = 0;
  let failed = 0;
  for (const [file, name] of [
    [reportFile, 'vitest'],
    [e2eReportFile, 'vitest (browser suites)'],
  ]) {
    if (!existsSync(file)) {
      if (file === reportFile || e2eRuns) failures.push(`${name} wrote no report`);
      continue;
    }
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (report.numTotalTests === 0) failures.push(`no test ran in ${name}`);
  }

  console.log('');
  for (const [title, seconds] of check.durations) console.log(`${String(seconds).padStart(5)} s  ${title}`);
  if (failures.length > 0) console.log(`failed steps: ${failures.join(', ')}`);
  // A plain closing line that any CI can read.
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(failures.length > 0 ? 1 : 0);
}

async function bench() {
  await install();
  await build();
  // The bundle benchmark measures /login in Chromium.
  const { ensureChromium } = await import('./lib/chromium.mjs');
  ensureChromium();
  const { startPostgres } = await import('./lib/postgres.mjs');
  const postgres = await startPostgres();
  try {
    process.exitCode = await pnpm(['--filter', '@conversa/bench', 'run', 'bench'], {
      env: { ...process.env, BENCH_DATABASE_URL: postgres.url },
    });
  } finally {
    await postgres.stop();
  }
}

const commands = {
  start: () => start(),
  // A process that only runs jobs (and answers the probes), beside web processes (ROLE=web).
  'start:worker': () => start({ ROLE: 'worker' }),
  dev,
  test,
  e2e,
  bench,
  backup: () => backupCommand('backup'),
  restore: () => backupCommand('restore'),
  build: async () => {
    await install();
    await build({ force: true });
  },
  install,
};
const name = process.argv[2];
if (!commands[name]) {
  console.error(`usage: node scripts/run.mjs ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
await commands[name]();
