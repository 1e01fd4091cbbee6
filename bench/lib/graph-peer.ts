// A local peer imitating Meta's Graph API for the WhatsApp benchmark (as whatsapp/webhook.test.ts
// does): it records each text message the server sends, with its arrival time on this process's
// clock, and answers like Meta (`{messages: [{id}]}`, fixture 05).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** A message the server sent: to whom (digits, as Meta gets them), its text, when it arrived. */
export interface SentMessage {
  to: string;
  text: string;
  at: number;
}

export interface GraphPeer {
  url: string;
  sent: SentMessage[];
  /** Resolves once `n` messages arrived in all; rejects after `timeoutMs`. */
  until(n: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export async function startGraphPeer(): Promise<GraphPeer> {
  const sent: SentMessage[] = [];
  // Waiters are woken by the request that reaches their count, so a wait adds no polling delay.
  const waiters = new Set<{ n: number; resolve: () => void }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { to: string; text: { body: string } };
      sent.push({ to: body.to, text: body.text.body, at });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.peer-${sent.length}` }] }),
      );
      for (const waiter of waiters) if (sent.length >= waiter.n) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    until(n, timeoutMs) {
      if (sent.length >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${sent.length} replies sent, ${n} expected, after ${timeoutMs / 1000} s`));
        }, timeoutMs);
        const waiter = {
          n,
          resolve: () => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve();
          },
        };
        waiters.add(waiter);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
