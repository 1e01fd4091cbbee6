/**
 * Free-text leads and orders with a model (`LLM_*` set), through the webhook, against the local
 * OpenAI-compatible peer: the seller's text is read into the fields, checked like a typed entry, and
 * only what is missing is asked for; a question is still answered from the knowledge; a model that answers
 * badly leaves the message a question, never an error.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { Lead, Order } from '@conversa/contract/records';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tenant } from '../testing/institutions.fixtures';
import type { TestServer } from '../testing';
import { type LlmPeer, startLlmPeer, type StructuredCall } from '../testing/llm-peer';
import { type SalesWorld, say as sayTo, startSalesWorld } from '../testing/webhook.fixtures';
import type { Extraction } from './extract-entry';
import { rateEvents } from '../db/schema';
import { modelSellerLimit } from '../rate-limit/limits';

const SELLER = '+16505551234';
const none = { company: null, contact: null, phone: null, email: null, notes: null, budget: null };

/** What the model reads in each seller's text (anything else: a question). */
const READINGS: Record<string, Extraction | 'malformed'> = {
  '3 boxes of A-100 for ACME, call Juan on Friday': {
    kind: 'order',
    values: { ...none, company: 'ACME', notes: 'call Juan on Friday' },
    lines: [{ product_code: 'A-100', description: 'boxes', quantity: '3' }],
  },
  'Met Laura Ruiz from Globex, she wants a quote: laura@globex.example': {
    kind: 'lead',
    values: { ...none, company: 'Globex', contact: 'Laura Ruiz', email: 'laura@globex.example' },
    lines: [],
  },
  'Pedido para Muebles Rivera: 10 sillas S-20': {
    kind: 'order',
    values: { ...none, company: 'Muebles Rivera' },
    lines: [{ product_code: 'S-20', description: 'sillas', quantity: 'diez' }],
  },
  'Lead Initech, contact Bill, email bill@initech': {
    kind: 'lead',
    values: { ...none, company: 'Initech', contact: 'Bill', email: 'bill@initech' },
    lines: [],
  },
  'Order for Hooli please': 'malformed',
};

/** The seller's text, read back from the fenced user message of the extraction prompt. */
const sellerText = (call: StructuredCall) =>
  /"""\n([\s\S]*)\n"""/.exec(call.messages.at(-1)?.content ?? '')?.[1] ?? '';

let model: LlmPeer;
let server: TestServer;
let acme: Tenant;
let sales: AssistantListItem;
const say = (text: string) => sayTo(server, SELLER, text);

async function records<K extends 'lead' | 'order'>(kind: K): Promise<(K extends 'lead' ? Lead : Order)[]> {
  const { status, body } = await server.call<{ data: (K extends 'lead' ? Lead : Order)[] }>(
    `/api/${kind}?institution_product_id=${sales.id}`,
    { token: acme.owner.token, institution: acme.institution.id },
  );
  expect(status).toBe(200);
  return body.data;
}

let world: SalesWorld;
beforeAll(async () => {
  model = await startLlmPeer({
    structured: (call) => {
      const reading = READINGS[sellerText(call)] ?? { kind: 'question', values: none, lines: [] };
      return reading === 'malformed' ? { kind: 'sale' } : reading;
    },
  });
  world = await startSalesWorld(
    {
      sellers: [[SELLER, 'Sheena Nelson']],
      faqs: [{ question: 'Does the chair come in another color?', answer: 'Yes: black, white and oak.' }],
      leadFields: [
        { key: 'budget', labels: { en: 'Budget', es: 'Presupuesto' }, type: 'number', required: true },
      ],
    },
    { LLM_BASE_URL: model.url, LLM_MODEL: 'entry-test-peer' },
  );
  ({ server, acme, sales } = world);
});
afterAll(async () => {
  await world.close();
  await model.close();
});
beforeEach(() => {
  model.calls.length = 0;
  model.structuredCalls.length = 0;
});

describe('free-text entries with a model', () => {
  it('reads an order from free text, shows the summary and saves it on yes', async () => {
    const summary = await say('3 boxes of A-100 for ACME, call Juan on Friday');
    const [call] = model.structuredCalls;
    expect(call!.name).toBe('sales_entry');
    expect(call!.messages[0]!.content).toContain('- budget: Budget / Presupuesto (number)');
    expect(summary.join('\n')).toContain('1. A-100 (boxes) × 3');
    expect(summary.at(-1)).toMatch(/^Reply \*yes\* to save it/);
    expect(await say('yes')).toEqual(['Purchase order saved. Thank you!']);
    const [order] = await records('order');
    expect(order).toMatchObject({
      company: 'ACME',
      seller: 'Sheena Nelson',
      notes: 'call Juan on Friday',
      lines: [{ product_code: 'A-100', product_description: 'boxes', quantity: 3 }],
    });
  });

  it('asks only for what is missing (the required configured field), then saves the lead', async () => {
    const asked = await say('Met Laura Ruiz from Globex, she wants a quote: laura@globex.example');
    expect(asked.at(-1)).toBe('*Budget*\nA number.');
    const summary = await say('12000');
    expect(summary.at(-1)).toMatch(/^Reply \*yes\* to save it/);
    expect(await say('yes')).toEqual(['Lead saved. Thank you!']);
    const [lead] = await records('lead');
    expect(lead).toMatchObject({
      company: 'Globex',
      contact_name: 'Laura Ruiz',
      email: 'laura@globex.example',
      fields: { budget: 12000 },
    });
  });

  it("checks the model's values as typed ones: a wrong one is named and asked for again", async () => {
    const spanish = await say('Pedido para Muebles Rivera: 10 sillas S-20');
    expect(spanish.join('\n')).toContain('Cantidad');
    expect(await say('cancelar')).toEqual(['Cancelado: el pedido no se guardó.']);
    const lead = await say('Lead Initech, contact Bill, email bill@initech');
    expect(lead[0]).toMatch(/^Email: /);
    expect(await say('cancel')).toEqual(['Cancelled: the lead was not saved.']);
  });

  it('answers a question from the knowledge, as without a model', async () => {
    const [answer] = await say('Does the chair come in another color?');
    expect(model.structuredCalls).toHaveLength(1);
    expect(answer).toContain('black, white and oak');
    expect(answer).toMatch(/Sources: Does the chair come in another color\?/);
  });

  it('answers as a question when the model answers badly', async () => {
    const [answer] = await say('Order for Hooli please');
    expect(model.structuredCalls).toHaveLength(1);
    expect(answer).not.toMatch(/yes\* to save/);
    expect(await records('order')).toHaveLength(1);
  });

  it("reads no free text with the model beyond the seller's limit: the message is answered as a question", async () => {
    // Another process (or this one earlier) already took the seller's calls of these ten minutes.
    const { key, max } = modelSellerLimit(acme.institution.id, SELLER);
    const at = server.clock.now();
    await server.database.db.insert(rateEvents).values(Array.from({ length: max }, () => ({ key, at })));
    const [answer] = await say('Met Laura Ruiz from Globex, she wants a quote: laura@globex.example');
    expect(model.structuredCalls).toHaveLength(0);
    expect(answer).not.toMatch(/Budget|yes\* to save/);
    expect(await records('lead')).toHaveLength(1);
  });
});
