// Timing helpers of the in-process benchmarks (the server's own queries, no HTTP).
import { performance } from 'node:perf_hooks';

/** `fn` run `runs` times after a warm-up (plans, caches): its p50 and p99 in ms. */
export async function time(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

export const round = (ms: number) => Math.round(ms * 10) / 10;

export const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/**
 * A download read to its end as a client would: first byte and last (ms), growth (MB) of the main
 * thread's heap and of the whole process's resident memory (worker threads and PGlite included), bytes.
 */
export async function readDownload(stream: () => ReadableStream<Uint8Array>) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let heapPeak = heapBefore;
  let rssPeak = rssBefore;
  const start = performance.now();
  let firstByte = 0;
  let bytes = 0;
  const reader = stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - start;
    bytes += value.byteLength;
    const memory = process.memoryUsage();
    heapPeak = Math.max(heapPeak, memory.heapUsed);
    rssPeak = Math.max(rssPeak, memory.rss);
  }
  return {
    firstByte,
    all: performance.now() - start,
    growthMb: (heapPeak - heapBefore) / 2 ** 20,
    rssGrowthMb: (rssPeak - rssBefore) / 2 ** 20,
    bytes,
  };
}
