/** The latest value of a render, for effects that must not re-run when a callback changes. */
import { useEffect, useRef } from 'react';

/**
 * A ref holding `value` as of the last render (set after it commits): a subscription opened once
 * reads the caller's newest listener through it, so a listener written inline does not reconnect
 * the stream on every render.
 */
export function useLatest<T>(value: T): { current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
