// The built server for the size and timing benchmarks, with the log passed through.
import { startBuiltServer as start } from '../../scripts/lib/built-server.mjs';

/** Starts the built server with `env` added; resolves to `{ url, dataDir, stop }` once it answers. */
export function startBuiltServer(env = {}) {
  return start({ env, prefix: 'conversa-bench-', showLog: true });
}
