/**
 * Following a server's event stream through drops (docs/product.md#live-conversations): the staff's
 * streams and the visitor's live stream connect again in 1 s, 2 s, 4 s … (capped at 30 s) and stop
 * when the server refuses. Its own module so the widget's first load does not carry it.
 */
import { pause } from '@conversa/contract/pause';
import { isApiRequestError } from './errors';
import { backoff } from './swr-config';

/**
 * True when connecting again cannot help: we stopped, or the server refused (401, 403, 404). A 429
 * (too many streams open for the user) passes once another tab closes, so it is retried.
 */
function isFinal(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true;
  return isApiRequestError(error) && error.kind === 'http' && error.status < 500 && error.status !== 429;
}

/**
 * Follows a stream until `signal` aborts or the server refuses: `read` reads one connection; after a
 * failure or an ended stream it connects again in 1 s, 2 s, 4 s … (capped at 30 s); a connection that
 * opened resets the delay.
 */
export async function followStream(
  read: (onOpen: () => void) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    let opened = false;
    try {
      await read(() => (opened = true));
    } catch (error) {
      if (isFinal(error, signal)) return;
    }
    failures = opened ? 1 : failures + 1;
    await pause(backoff(failures), signal);
  }
}
