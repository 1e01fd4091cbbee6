// Where the suites find the repository's built outputs and keep their artifacts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** `npm run build-storybook`'s output (STORYBOOK_STATIC_DIR points the smoke at another build). */
export const storybookDir = path.resolve(
  process.env.STORYBOOK_STATIC_DIR ?? path.join(repoRoot, 'storybook-static'),
);
/** The built API server. */
export const serverMain = path.join(repoRoot, 'packages', 'server', 'dist', 'main.js');
/** The built admin console the server serves. */
export const adminDist = path.join(repoRoot, 'packages', 'admin', 'dist');
/** The built widget the server serves (`/embed.js`, `/widget/chat.js`). */
export const widgetDist = path.join(repoRoot, 'packages', 'widget', 'dist');
/** Screenshots (gitignored). */
export const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts');
