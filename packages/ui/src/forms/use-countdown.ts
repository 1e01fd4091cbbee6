/** Seconds left before something may happen again (the resend timer), ticking once a second. */
import { useEffect, useState } from 'react';

interface Countdown {
  seconds: number;
  restart: unknown;
  left: number;
}

/**
 * Starts at `seconds` and restarts whenever `restart` changes; stops at 0. A restart is taken in
 * the render that brings it (state adjusted while rendering, not in an effect): an effect would
 * first commit a frame with the old count, where a finished countdown offers its action again
 * beside the notice that it was just done.
 */
export function useCountdown(seconds: number, restart: unknown): number {
  const [state, setState] = useState<Countdown>({ seconds, restart, left: seconds });
  let current = state;
  if (state.seconds !== seconds || !Object.is(state.restart, restart)) {
    current = { seconds, restart, left: seconds };
    setState(current);
  }
  const running = current.left > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setState((now) => ({ ...now, left: Math.max(0, now.left - 1) })), 1000);
    return () => clearInterval(timer);
  }, [running, seconds, restart]);

  return current.left;
}
