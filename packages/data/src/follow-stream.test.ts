import { describe, expect, it } from 'vitest';
import { followStream } from './follow-stream';
import { backoff } from './swr-config';

describe('followStream', () => {
  it('stops at once when the signal aborts while a connection is read and the read then ends', async () => {
    const controller = new AbortController();
    let reads = 0;
    const started = performance.now();
    await followStream(async (opened) => {
      reads += 1;
      opened();
      controller.abort();
    }, controller.signal);
    // Without the check the loop waited out its first back-off (1 s) before it saw the abort.
    expect(performance.now() - started).toBeLessThan(backoff(1) / 2);
    expect(reads).toBe(1);
  });
});
