// Chromium for the Storybook smoke, the browser journeys and the bundle benchmark: Debian's
// /usr/bin/chromium (or CHROME_PATH), driven by playwright-core, which never downloads a browser.
// Installs it as root on Debian when it is missing; otherwise fails with the exact command.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const installCommand = 'sudo apt-get update && sudo apt-get install -y chromium';

/** The Chromium executable, or null when there is none. */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** The Chromium executable; throws with the command to run when it is missing. */
export function chromiumPath() {
  const file = findChromium();
  if (file) return file;
  if (process.env.CHROME_PATH) throw new Error(`CHROME_PATH=${process.env.CHROME_PATH} does not exist.`);
  throw new Error(`Chromium not found. Install it and run again: ${installCommand}`);
}

/** Finds Chromium, installing Debian's package as root when it is missing (never skips). */
export function ensureChromium() {
  const found = findChromium();
  if (found || process.env.CHROME_PATH) return chromiumPath();
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return chromiumPath();
  console.log('conversa: installing Chromium with apt-get (one time)');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return chromiumPath();
}

// Without these Chromium tries to reach Google's services at start; as root it needs --no-sandbox.
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-dev-shm-usage',
];

/**
 * Launch options for playwright-core's `chromium.launch`/`launchServer`. Playwright itself gives each
 * launch a fresh temporary profile (it refuses a `--user-data-dir` argument) and removes it on close.
 */
export function chromiumLaunchOptions() {
  return { executablePath: chromiumPath(), headless: true, args: flags };
}
