/** Seconds left before something may happen again (the resend timer), ticking once a second. */
import { useEffect, useRef, useState } from 'react';

/** Starts at `seconds` and restarts whenever `restart` changes; stops at 0. */
export function useCountdown(seconds: number, restart: unknown): number {
  const [left, setLeft] = useState(seconds);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    timer.current = setInterval(() => setLeft((current) => Math.max(0, current - 1)), 1000);
    return () => {
      if (timer.current !== null) clearInterval(timer.current);
      timer.current = null;
    };
  }, [seconds, restart]);

  useEffect(() => {
    if (left > 0 || timer.current === null) return;
    clearInterval(timer.current);
    timer.current = null;
  }, [left]);

  return left;
}
