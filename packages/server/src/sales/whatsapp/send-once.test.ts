/**
 * A reply is sent once even when the job sending it outlives its lease: the queue hands the job to
 * another attempt while the first is still waiting on the Graph API (a local peer holding its
 * answer), and the second attempt must not send what the first has claimed; a claim whose attempt
 * died mid-send is recorded as failed (staff may send it again), never sent twice on its own.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { whatsappMessages } from '../../db/sales-schema';
import type { Tenant } from '../../testing/institutions.fixtures';
import type { TestServer } from '../../testing';
import { createLogger } from '../../logging/logger';
import { WHATSAPP_INCOMING, whatsappIncomingJob } from './incoming.job';
import { INTERRUPTED_SEND } from './messages.repo';
import { type GraphPeer, type SalesWorld, send, startSalesWorld } from '../../testing/webhook.fixtures';

const SELLER = '+16505551234';

let graph: GraphPeer;
let server: TestServer;
let acme: Tenant;
let sales: AssistantListItem;

/** Polls until `check` holds (or fails the test after 10 s). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let world: SalesWorld;
beforeAll(async () => {
  world = await startSalesWorld(
    {
      sellers: [[SELLER, 'Sheena Nelson']],
      faqs: [{ question: 'Does the chair come in another color?', answer: 'Yes: black, white and oak.' }],
    },
    // Room for a second attempt of the same job beside the first.
    { JOB_CONCURRENCY: '4' },
  );
  ({ graph, server, acme, sales } = world);
});
afterAll(() => world.close());

describe('a WhatsApp reply whose job outlives its lease', () => {
  it('is sent once: the attempt that takes the job over leaves the claimed reply alone', async () => {
    const release = graph.hold();
    await send(server, SELLER, 'Does the chair come in another color?');
    // The first attempt is waiting on the Graph API with the reply.
    await graph.replies(1);
    const [job] = await server.database.db.select().from(jobs).where(eq(jobs.kind, WHATSAPP_INCOMING));
    // Its lease runs out: the queue hands the job to a second attempt.
    server.clock.advance(server.jobs.leaseMs + 1_000);
    server.jobs.wake();
    await until(async () => {
      const [row] = await server.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
      return !row || row.attempts >= 2;
    }, 'the second attempt');
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const replies = () =>
      server.database.db
        .select()
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.assistantId, sales.id), eq(whatsappMessages.direction, 'out')));
    await until(async () => (await replies()).every((row) => row.status === 'sent'), 'the reply sent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(graph.sent).toHaveLength(1);
    expect((await replies()).map((row) => row.status)).toEqual(['sent']);
  });

  it('is failed, not sent again, when the attempt that claimed it died mid-send; staff see it', async () => {
    const [reply] = await server.database.db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.assistantId, sales.id), eq(whatsappMessages.direction, 'out')));
    // As if an attempt claimed it a minute ago and its process died before Meta answered.
    await server.database.db
      .update(whatsappMessages)
      .set({ status: 'sending', waMessageId: null, updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(whatsappMessages.id, reply!.id));
    graph.sent.length = 0;
    const job = whatsappIncomingJob({
      db: server.database.db,
      clock: server.clock,
      logger: createLogger('silent'),
      llm: null,
      secretsKey: server.config.keys.secretsKey,
      graphUrl: server.config.whatsappGraphUrl,
    });
    // The handler reads only its payload: no job context is needed to run it here.
    await job.run({ messageId: reply!.replyTo!, userId: null }, undefined as never);
    const [after] = await server.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.id, reply!.id));
    expect(after).toMatchObject({ status: 'failed', error: INTERRUPTED_SEND });
    expect(graph.sent).toEqual([]);
    const failed = await server.call<{ data: { id: number; error: string }[] }>(
      `/api/institution-product/${sales.id}/whatsapp/failed-replies`,
      { token: acme.owner.token, institution: acme.institution.id },
    );
    expect(failed.body.data).toEqual([expect.objectContaining({ id: reply!.id, error: INTERRUPTED_SEND })]);
  });
});
