/**
 * Meta's WhatsApp webhook (docs/architecture.md#sales-support). `GET`: the verification handshake,
 * the challenge (digits, as Meta sends it) echoed when the verify token is an assistant's. `POST`:
 * the signature (`X-Hub-Signature-256`) checked over the raw bytes with the app secret of each
 * number the delivery names, and only the events of the numbers whose own secret signed it acted
 * on: each new incoming message recorded once (Meta's id) and queued for the job that answers it,
 * and status callbacks recorded on that assistant's replies. A delivery naming unknown numbers, too
 * many, or signed by none of their secrets is a 401, the same answer for each; refusals are rate
 * limited per IP. The answer is a 200 at once: Meta retries anything slower, and the work is the queue's.
 */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { clientIp } from '../../http/client-ip';
import { ApiError } from '../../http/errors';
import { endpointRouter } from '../../http/route';
import { webhookRefusalIpLimit } from '../../rate-limit/limits';
import { enforceLimits, recordEvents } from '../../rate-limit/rate-limit.service';
import { channelsRepo } from './channels.repo';
import { eventsOf, phoneNumberIdsOf } from './payload';
import { verifySignature } from './signature';
import { webhookService } from './webhook.service';

/** Distinct numbers' ids one delivery may name (Meta's name one, or a few numbers of one app). */
export const MAX_NUMBERS_PER_DELIVERY = 10;

export function whatsappWebhookRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const { db } = deps.database;
  const channels = channelsRepo(db, deps.config.keys.secretsKey);
  const webhook = webhookService({ db });

  route(app, endpoints.verifyWhatsappWebhook, async (c, { query }) => {
    const token = query['hub.verify_token'];
    if (query['hub.mode'] !== 'subscribe' || token === '' || !(await channels.hasVerifyToken(token)))
      throw new ApiError(403, 'forbidden');
    // Meta's challenge is a number: anything else is not echoed (the answer is ours, not a caller's text).
    if (!/^\d{1,64}$/.test(query['hub.challenge'])) throw new ApiError(403, 'forbidden');
    return c.text(query['hub.challenge'], 200, { 'cache-control': 'no-store' });
  });

  route(app, endpoints.receiveWhatsappWebhook, async (c) => {
    const ip = clientIp(c, deps.config);
    // A sender refused too often is refused before its body costs a lookup.
    await enforceLimits(deps, [webhookRefusalIpLimit(ip)]);
    // Unknown numbers and bad signatures are answered alike: the answer tells nobody which ids exist.
    const refuse = async () => {
      await recordEvents(deps, [webhookRefusalIpLimit(ip).key]);
      return new ApiError(401, 'unauthorized');
    };
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const signature = c.req.header('x-hub-signature-256');
    if (!signature) throw await refuse();
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw await refuse();
    }
    // Only the numbers' ids are read before the signature is checked: they name the app secrets.
    // Meta names one number (or a few of one app) per delivery; more is no delivery of Meta's.
    const ids = phoneNumberIdsOf(json);
    // A change of no number (an account-level field the app may be subscribed to): nothing to act on
    // or look up, and nothing for Meta to retry.
    if (ids.length === 0) return c.json({ ok: true });
    if (ids.length > MAX_NUMBERS_PER_DELIVERY) throw await refuse();
    // Each number's events count only when its own channel's app secret signed the body: a secret
    // of one tenant's never vouches for another tenant's number named in the same delivery.
    const known = (await channels.byPhoneNumberIds(ids)).filter(
      (channel) => channel.appSecret !== null && verifySignature(raw, signature, [channel.appSecret]),
    );
    if (known.length === 0) throw await refuse();

    const now = deps.clock.now();
    for (const event of eventsOf(json)) {
      const channel = known.find((candidate) => candidate.phoneNumberId === event.phoneNumberId);
      if (channel) await webhook.receive(channel, event, now);
    }
    return c.json({ ok: true });
  });

  return app;
}
