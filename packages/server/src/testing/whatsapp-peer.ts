/**
 * A local stand-in for Meta's WhatsApp Cloud API, for tests and the browser journeys: the Graph API
 * messages endpoint (records our replies and answers like Meta, fixture 05; or refuses them for good
 * when told to), the phone number node (`GET /{phone_number_id}`, versioned or not: the number's
 * fields for the token that owns it, Meta's errors otherwise), and deliveries shaped like Meta's
 * webhook payloads (fixture 01). `GET /sent` answers the replies received so far, for a test in
 * another process.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** The channel's number id the deliveries name unless told otherwise. */
export const PHONE_NUMBER_ID = '106540352242922';
/** The access token that owns PHONE_NUMBER_ID on the peer (any test may add numbers: `addNumber`). */
export const ACCESS_TOKEN = 'EAAG-test-access-token';

/** A reply the peer received. */
export interface Sent {
  path: string;
  authorization: string | undefined;
  body: { to: string; type: string; text: { body: string } };
  /** When it arrived, on this process's `performance.now()` clock. */
  at: number;
}

export interface GraphPeer {
  /** For WHATSAPP_GRAPH_URL. */
  url: string;
  /** Every reply accepted, oldest first (empty it between tests). */
  sent: Sent[];
  /** While true, every reply is refused for good, as Meta refuses an undeliverable one (131026). */
  refuse: boolean;
  /**
   * Holds the answers to the replies received from now on (each is in `sent` at once) until the
   * function returned is called: a send that takes its time.
   */
  hold(): () => void;
  /** Number checks (`GET /{phone_number_id}`) received so far. */
  readonly numberChecks: number;
  /** Makes `phoneNumberId` a number the peer knows, owned by `accessToken` (a test's own business). */
  addNumber(phoneNumberId: string, accessToken: string): void;
  /** Meta's id of the last reply accepted. */
  readonly lastReplyId: string;
  /** Resolves once `n` replies were received in all; rejects after `timeoutMs`. */
  replies(n: number, timeoutMs?: number): Promise<Sent[]>;
  close(): Promise<void>;
}

/** Meta's Graph API messages endpoint, on 127.0.0.1; its reply ids are `wamid.reply-1`, -2, … */
export async function startGraphPeer(): Promise<GraphPeer> {
  const sent: Sent[] = [];
  const owners = new Map<string, string>([[PHONE_NUMBER_ID, ACCESS_TOKEN]]);
  /** `GET /{phone_number_id}` as Meta answers it: the number for its token; error 190 or 100 otherwise. */
  const numberNode = (id: string, authorization: string | undefined): [number, unknown] => {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (!token || ![...owners.values()].includes(token)) {
      return [
        401,
        {
          error: {
            message: 'Invalid OAuth access token - Cannot parse access token',
            type: 'OAuthException',
            code: 190,
          },
        },
      ];
    }
    if (owners.get(id) !== token) {
      return [
        400,
        {
          error: {
            message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            type: 'GraphMethodException',
            code: 100,
            error_subcode: 33,
          },
        },
      ];
    }
    return [
      200,
      {
        verified_name: 'Test Business',
        code_verification_status: 'VERIFIED',
        display_phone_number: '+1 555-078-3881',
        quality_rating: 'GREEN',
        platform_type: 'CLOUD_API',
        throughput: { level: 'STANDARD' },
        id,
      },
    ];
  };
  let replyIds = 0;
  let numberChecks = 0;
  // Waiters are woken by the reply that reaches their count: a wait adds no polling delay.
  const waiters = new Set<() => void>();
  let held: Promise<void> = Promise.resolve();
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/sent') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(sent));
      return;
    }
    const node = req.method === 'GET' ? /^\/(?:v\d+\.\d+\/)?(\d+)(?:\?.*)?$/.exec(req.url ?? '') : null;
    if (node) {
      numberChecks += 1;
      const [status, answer] = numberNode(node[1]!, req.headers.authorization);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (peer.refuse) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: '(#131026) Message undeliverable', code: 131026 } }));
        return;
      }
      sent.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString()) as Sent['body'],
        at: performance.now(),
      });
      const id = `wamid.reply-${(replyIds += 1)}`;
      for (const wake of waiters) wake();
      void held.then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            messaging_product: 'whatsapp',
            contacts: [{ input: '16505551234', wa_id: '16505551234' }],
            messages: [{ id }],
          }),
        );
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const peer: GraphPeer = {
    get numberChecks() {
      return numberChecks;
    },
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    refuse: false,
    hold() {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return release;
    },
    addNumber(phoneNumberId, accessToken) {
      owners.set(phoneNumberId, accessToken);
    },
    get lastReplyId() {
      return `wamid.reply-${replyIds}`;
    },
    replies(n, timeoutMs = 15_000) {
      if (sent.length >= n) return Promise.resolve(sent);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`${sent.length} replies sent, ${n} expected, after ${timeoutMs} ms`));
        }, timeoutMs);
        const wake = () => {
          if (sent.length < n) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(sent);
        };
        waiters.add(wake);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return peer;
}

/** A delivery of one text message (or another type) from `from`, as Meta sends them. */
export function textDelivery(
  id: string,
  from: string | null,
  text: string,
  type = 'text',
  phoneNumberId = PHONE_NUMBER_ID,
): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              contacts: [
                from ? { profile: { name: 'Seller' }, wa_id: from } : { user_id: 'US.13491208655302741918' },
              ],
              messages: [
                {
                  ...(from ? { from } : { from_user_id: 'US.13491208655302741918' }),
                  id,
                  timestamp: '1749416383',
                  type,
                  ...(type === 'text'
                    ? { text: { body: text } }
                    : { image: { id: '1', mime_type: 'image/jpeg' } }),
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/** A delivery of Meta's status callbacks on our replies. */
export function statusDelivery(statuses: readonly Record<string, unknown>[]): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        changes: [{ field: 'messages', value: { metadata: { phone_number_id: PHONE_NUMBER_ID }, statuses } }],
      },
    ],
  });
}
