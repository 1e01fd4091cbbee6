// Live takeover (issue 33 §4) against its budgets: a staff member's reply reaching the visitor's
// stream, p95 <= 200 ms, on the built server with the embedded PGlite and across two server
// processes on one PostgreSQL (the reply posted to one, the stream open on the other: LISTEN/NOTIFY
// between them); and 1,000 visitor streams open on one process, the memory each costs (the server's
// resident set before and after, from its own /api/metrics).
// Run with `node --import tsx live-bench.ts` from bench/ (npm run bench does).
import { performance } from 'node:perf_hooks';
import { readServerEvents } from '../packages/data/src/events';
import { machine, writeSection } from './lib/results.mjs';
import { api, freshPostgres, signUpAdmin, startServer } from './lib/server.mjs';
import { quantile } from './lib/stats.mjs';

const BUDGET = { p95: 200 };
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const METRICS_TOKEN = 'bench-metrics-token';
const ENV = {
  // Each bench visitor comes from its own address (X-Forwarded-For), as real ones do: one address
  // may start only so many conversations an hour.
  TRUST_PROXY: '1',
  METRICS_TOKEN,
};

type Server = Awaited<ReturnType<typeof startServer>>;
interface Visitor {
  token: string;
  conversationId: string;
}

let nextAddress = 1;
const address = () => `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

/** A school with live chat on; resolves to what the staff and the visitors need. */
async function seed(server: Server) {
  const token = await signUpAdmin(server);
  const institution = await api(server.url, 'POST', '/institution', {
    body: { name: 'Bench Live School', kind: 'school', country: 'ES' },
    token,
  });
  const [assistant] = await api(server.url, 'GET', `/institution/${institution.id}/product`, { token });
  const as = { token, institution: institution.id };
  const detail = await api(server.url, 'PUT', `/institution-product/${assistant.id}`, {
    ...as,
    body: {
      live_chat: { enabled: true, time_zone: 'UTC', hours: [], wait_minutes: 120, notify_after_minutes: 120 },
    },
  });
  return { as, assistantId: assistant.id as number, externalId: detail.external_id as string };
}

/** A new visitor's conversation (a guest token), from an address of its own. */
async function visit(base: string, externalId: string): Promise<Visitor> {
  const response = await fetch(`${base}/api/public/assistant/${externalId}/session`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address(), origin: base },
  });
  if (!response.ok) throw new Error(`session: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string; conversation_id: string } };
  return { token: data.token, conversationId: data.conversation_id };
}

/** Opens a visitor's stream; `onMessage(data)` hears each reply. */
async function openStream(base: string, visitor: Visitor, onMessage: (data: { text: string }) => void) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/public/conversation/${visitor.conversationId}/events`, {
    headers: { authorization: `Bearer ${visitor.token}` },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
  let opened!: () => void;
  const ready = new Promise<void>((resolve) => (opened = resolve));
  // The frontends' own reader of server-sent events.
  const reading = (async () => {
    try {
      for await (const event of readServerEvents(response.body!)) {
        if (event.event === 'status') opened();
        if (event.event === 'message') onMessage(JSON.parse(event.data) as { text: string });
      }
    } catch {
      // closed
    }
  })();
  await ready;
  return {
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** The time from posting each reply (to `replyBase`) to its arrival on a stream open on `streamBase`. */
async function replyLatencies(
  streamBase: string,
  replyBase: string,
  seeded: Awaited<ReturnType<typeof seed>>,
): Promise<number[]> {
  const visitor = await visit(streamBase, seeded.externalId);
  await api(streamBase, 'POST', `/public/conversation/${visitor.conversationId}/handoff`, {
    token: visitor.token,
  });
  await api(replyBase, 'POST', `/conversation/${visitor.conversationId}/takeover`, {
    ...seeded.as,
    body: {},
  });
  const arrived = new Map<string, number>();
  let waiting: (() => void) | null = null;
  const stream = await openStream(streamBase, visitor, ({ text }) => {
    arrived.set(text, performance.now());
    waiting?.();
  });
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 10; i += 1) {
    const text = `Reply ${i}`;
    const got = new Promise<void>((resolve) => (waiting = resolve));
    const sent = performance.now();
    await api(replyBase, 'POST', `/conversation/${visitor.conversationId}/reply`, {
      ...seeded.as,
      body: { text },
    });
    if (!arrived.has(text)) await got;
    // The first ten warm the paths up.
    if (i >= 10) times.push(arrived.get(text)! - sent);
  }
  await stream.close();
  return times;
}

/** The server's resident set, in bytes. */
async function residentBytes(base: string): Promise<number> {
  const response = await fetch(`${base}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const line = text.split('\n').find((one) => one.startsWith('process_resident_memory_bytes '));
  return Number(line?.split(' ')[1] ?? NaN);
}

/** Opens STREAMS visitor streams on one process; resolves to the memory they cost, each. */
async function manyStreams(server: Server, seeded: Awaited<ReturnType<typeof seed>>) {
  const visitors: Visitor[] = [];
  for (let i = 0; i < STREAMS; i += 1) visitors.push(await visit(server.url, seeded.externalId));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const before = await residentBytes(server.url);
  const streams = [];
  for (let i = 0; i < visitors.length; i += 50)
    streams.push(
      ...(await Promise.all(
        visitors.slice(i, i + 50).map((visitor) => openStream(server.url, visitor, () => undefined)),
      )),
    );
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = await residentBytes(server.url);
  // All still answer: a reply reaches the last one opened.
  await Promise.all(streams.map((stream) => stream.close()));
  return { open: streams.length, perStream: (after - before) / streams.length, before, after };
}

const ms = (value: number) => value.toFixed(1);
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

async function main() {
  const rows: string[] = [];
  const pglite = await startServer(null, ENV);
  let memory;
  try {
    const seeded = await seed(pglite);
    const times = await replyLatencies(pglite.url, pglite.url, seeded);
    const p95 = quantile(times, 0.95);
    rows.push(
      `| PGlite, one process | ${ms(quantile(times, 0.5))} | ${ms(p95)} | ${ms(quantile(times, 0.99))} | ${verdict(p95 <= BUDGET.p95)} |`,
    );
    memory = await manyStreams(pglite, seeded);
  } finally {
    await pglite.stop();
  }
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    const database = await freshPostgres(postgresUrl);
    // Two processes of one deployment: one signing secret, as they would share.
    const shared = { ...ENV, JWT_SECRET: 'bench-live-two-processes-signing-secret-0123456789' };
    const first = await startServer(database, shared);
    const second = await startServer(database, shared);
    try {
      const seeded = await seed(first);
      const times = await replyLatencies(first.url, second.url, seeded);
      const p95 = quantile(times, 0.95);
      rows.push(
        `| PostgreSQL, two processes (reply on one, stream on the other) | ${ms(quantile(times, 0.5))} | ${ms(p95)} | ${ms(quantile(times, 0.99))} | ${verdict(p95 <= BUDGET.p95)} |`,
      );
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  }
  const section = `## Live takeover (bench/live-bench.ts)

${new Date().toISOString().slice(0, 10)}, ${machine()}. A staff member's reply (\`POST conversation/{id}/reply\`)
timed from the request to its \`message\` event on the visitor's stream, ${SAMPLES} replies one after the
other (after ten not counted), on the built server.

| where | p50 ms | p95 ms (budget <= ${BUDGET.p95}) | p99 ms | |
|---|---|---|---|---|
${rows.join('\n')}

${memory.open} visitor streams open at once on one PGlite process: the server's resident set
${(memory.before / 2 ** 20).toFixed(0)} → ${(memory.after / 2 ** 20).toFixed(0)} MiB, **${(memory.perStream / 1024).toFixed(1)} KiB per stream**.
`;
  console.log(section);
  writeSection('live', section);
}

await main();
