// The real stack for the journeys: the built server (API, admin console, widget) started by the
// shared `scripts/lib/built-server.mjs`, on a free port with a throwaway DATA_DIR (or a journey's own,
// kept between a stop and a start).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startBuiltServer, type BuiltServer } from '../../scripts/lib/built-server.mjs';
import { adminDist, serverMain, widgetDist } from './paths';

/** A running server. */
export type AppServer = BuiltServer;

/** Why the stack cannot start (a build is missing), or null. */
export function missingBuild(): string | null {
  const missing = [
    serverMain,
    path.join(adminDist, 'index.html'),
    path.join(widgetDist, 'embed.js'),
    path.join(widgetDist, 'chat.js'),
  ].filter((file) => !existsSync(file));
  if (missing.length === 0) return null;
  return `not built: ${missing.join(', ')}. Run \`npm run build\` (npm test builds them itself).`;
}

/**
 * Starts the built server with `env` added; resolves once `/api/health` answers. With `dataDir`, it
 * runs on that DATA_DIR and `stop()` leaves it for the caller.
 */
export async function startAppServer(env: Record<string, string>, dataDir?: string): Promise<AppServer> {
  const problem = missingBuild();
  if (problem) throw new Error(problem);
  return startBuiltServer({ env, prefix: 'conversa-e2e-', dataDir });
}
