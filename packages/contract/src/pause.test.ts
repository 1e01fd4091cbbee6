import { afterEach, describe, expect, it, vi } from 'vitest';
import { pause } from './pause';

describe('pause', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after its time', async () => {
    vi.useFakeTimers();
    let done = false;
    void pause(1_000, new AbortController().signal).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('resolves as soon as its signal aborts, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const stop = new AbortController();
    let done = false;
    void pause(30_000, stop.signal).then(() => (done = true));
    stop.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves at once when its signal had aborted already (an aborted signal fires no more events)', async () => {
    vi.useFakeTimers();
    const stop = new AbortController();
    stop.abort();
    let done = false;
    void pause(30_000, stop.signal).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
