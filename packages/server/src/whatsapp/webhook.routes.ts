/**
 * Meta's WhatsApp webhook (docs/architecture.md#sales-support). `GET`: the verification handshake,
 * the challenge echoed when the verify token is an assistant's. `POST`: the signature
 * (`X-Hub-Signature-256`) checked over the raw bytes with the app secret of the delivery's number
 * before anything in it is acted on; then each new incoming message recorded once (Meta's id) and
 * queued for the job that answers it, and status callbacks recorded on our replies. The answer is a
 * 200 at once: Meta retries anything slower, and the work is the queue's.
 */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { Db } from '../db/database';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { endpointRouter } from '../http/route';
import { enqueue } from '../jobs/queue';
import { JOBS_TOPIC } from '../jobs/runner';
import { channelsRepo } from './channels.repo';
import { WHATSAPP_INCOMING } from './incoming.job';
import { whatsappMessagesRepo } from './messages.repo';
import { eventsOf, phoneNumberIdsOf } from './payload';
import { verifySignature } from './signature';

/** Attempts of the job answering one message (its reply's send is retried with the queue's backoff). */
const INCOMING_ATTEMPTS = 5;

export function whatsappWebhookRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const { db } = deps.database;
  const channels = channelsRepo(db, deps.config.keys.secretsKey);
  const messages = whatsappMessagesRepo(db);

  route(app, endpoints.verifyWhatsappWebhook, async (c, { query }) => {
    const token = query['hub.verify_token'];
    if (query['hub.mode'] !== 'subscribe' || token === '' || !(await channels.hasVerifyToken(token)))
      throw new ApiError(403, 'forbidden');
    return c.text(query['hub.challenge'], 200, { 'cache-control': 'no-store' });
  });

  route(app, endpoints.receiveWhatsappWebhook, async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const signature = c.req.header('x-hub-signature-256');
    if (!signature) throw new ApiError(401, 'unauthorized');
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw new ApiError(401, 'unauthorized');
    }
    // Only the numbers' ids are read before the signature is checked: they name the app secrets.
    const named = await Promise.all(phoneNumberIdsOf(json).map((id) => channels.byPhoneNumberId(id)));
    const known = named.filter((channel) => channel !== null);
    // A delivery for numbers of no assistant: nothing to do, and nothing for Meta to retry.
    if (known.length === 0) return c.json({ ok: true });
    const secrets = known.flatMap((channel) => (channel.appSecret ? [channel.appSecret] : []));
    if (!verifySignature(raw, signature, secrets)) throw new ApiError(401, 'unauthorized');

    const now = deps.clock.now();
    let queued = 0;
    for (const event of eventsOf(json)) {
      const channel = known.find((candidate) => candidate.phoneNumberId === event.phoneNumberId);
      if (!channel) continue;
      if (event.kind === 'status') {
        await messages.recordStatus(event);
        continue;
      }
      const ref = { institutionId: channel.institutionId, assistantId: channel.assistantId };
      // The message and the job that answers it are committed together: never one without the other.
      const id = await db.transaction(async (tx) => {
        const recorded = await whatsappMessagesRepo(tx as unknown as Db).recordIncoming(ref, event);
        if (recorded !== null) {
          await enqueue(
            tx,
            WHATSAPP_INCOMING,
            { messageId: recorded, userId: event.from ? null : event.userId },
            now,
            {
              institutionId: channel.institutionId,
              maxAttempts: INCOMING_ATTEMPTS,
            },
          );
        }
        return recorded;
      });
      // Recorded before: a delivery Meta repeated, acted on the first time.
      if (id !== null) queued += 1;
    }
    if (queued > 0) deps.events.publish(JOBS_TOPIC, null);
    return c.json({ ok: true });
  });

  return app;
}
