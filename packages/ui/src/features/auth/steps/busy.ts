/** What every step of the sign-in flow gets: a way to lock the wizard while its request runs. */

/** Locks the flow (no step change) while a request runs. */
export type OnBusy = (busy: boolean) => void;

/** Runs a request with the flow locked; unlocked again before the caller moves on. */
export async function whileBusy<T>(onBusy: OnBusy, task: () => Promise<T>): Promise<T> {
  onBusy(true);
  try {
    return await task();
  } finally {
    onBusy(false);
  }
}
