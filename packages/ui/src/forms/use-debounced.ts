/** A value that follows another once it has stopped changing for `ms` (the search box, docs/product.md#screens-and-routes). */
import { useEffect, useState } from 'react';

/** The latest `value`, `ms` after its last change. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
