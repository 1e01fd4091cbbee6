/**
 * A list's waiting and error states as a table shows them: the previous page stays on screen while
 * the next one loads and a failed refresh keeps it, so only the first load waits or fails.
 */
import type { ReactNode } from 'react';
import { useFailureText } from './use-failure-text';

/** The parts of an SWR answer a table's states need. */
export interface ListAnswer {
  data?: unknown;
  error?: unknown;
  isLoading: boolean;
}

export function useListState(list: ListAnswer): { waiting: boolean; error: ReactNode } {
  const failureText = useFailureText();
  return {
    waiting: list.isLoading && !list.data,
    error: list.error && !list.data ? failureText(list.error) : undefined,
  };
}
