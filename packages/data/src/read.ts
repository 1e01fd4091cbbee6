/**
 * `useRead`: one read without SWR, for the public chat (the widget), whose first load has a size budget
 * (docs/architecture.md#budgets) and which reads two things once: the assistant (usually rendered into
 * the page, so not fetched at all) and a stored conversation. It follows docs/product.md#calls as the
 * SWR reads do: nothing is refetched on focus or reconnect, and a failed read is retried by
 * `retryDelay` (swr-config.ts), the error showing meanwhile.
 */
import { useEffect, useRef, useState } from 'react';
import type { ApiRequestError } from './errors';
import { retryDelay } from './swr-config';

/** What `useRead` returns: the fields of SWR's answer the chat uses. */
export interface Read<Data> {
  data: Data | undefined;
  error: ApiRequestError | undefined;
  /** The first request is under way, nothing (not even an error) to show yet. */
  isLoading: boolean;
}

interface ReadState<Data> {
  key: string | null;
  data?: Data;
  error?: ApiRequestError;
}

/**
 * Reads with `read` while `key` is not null (again when it changes). With `initial` nothing is
 * fetched: it is the data.
 */
export function useRead<Data>(key: string | null, read: () => Promise<Data>, initial?: Data): Read<Data> {
  const [state, setState] = useState<ReadState<Data>>({ key });
  const reader = useRef(read);
  reader.current = read;
  const given = initial !== undefined;
  useEffect(() => {
    if (key === null || given) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (retries: number) => {
      reader.current().then(
        (data) => {
          if (live) setState({ key, data });
        },
        (error: unknown) => {
          if (!live) return;
          setState({ key, error: error as ApiRequestError });
          const delay = retryDelay(error, retries + 1);
          if (delay !== null) timer = setTimeout(() => attempt(retries + 1), delay);
        },
      );
    };
    attempt(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, given]);
  const current: ReadState<Data> = state.key === key ? state : { key };
  const data = given ? initial : current.data;
  return { data, error: current.error, isLoading: key !== null && data === undefined && !current.error };
}
