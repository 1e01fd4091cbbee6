/**
 * Type tests of the client (checked by `tsc -b`, which fails on an unused `@ts-expect-error`): a
 * call's body, query and params are typed from its route's table entry, and a route the table lacks
 * does not compile. The calls are never made: `typed` only builds them for the checker.
 */
import type { AnswerOf, BodyOf, QueryOf } from '@conversa/contract/endpoints';
import type { Institution } from '@conversa/contract/institution';
import * as auth from '@conversa/contract/routes/auth';
import * as conversations from '@conversa/contract/routes/conversations';
import * as institutions from '@conversa/contract/routes/institutions';
import * as records from '@conversa/contract/routes/records';
import { describe, expectTypeOf, it } from 'vitest';
import type { DataClient } from './client';
import { createRecord, updateRecord } from './sales/records';

/** Builds calls for the checker only. */
const typed = (build: (client: DataClient) => unknown) => build;

describe('the client types a call from its table entry', () => {
  it('takes the body the entry reads, snake_case or camelCase, and refuses any other', () => {
    typed((client) => [
      client.endpoint(auth.login, { json: { email: 'a@b.co', password: 'secret' } }),
      client.endpoint(institutions.updateInstitution, {
        params: { id: 1 },
        json: { name: 'X', websiteUrl: 'https://x.cl' },
      }),
      client.endpoint(institutions.updateInstitution, {
        params: { id: 1 },
        json: { name: 'X', website_url: 'https://x.cl' },
      }),
      // @ts-expect-error a body without the password the schema requires
      client.endpoint(auth.login, { json: { email: 'a@b.co' } }),
      // @ts-expect-error a field of the wrong type
      client.endpoint(auth.login, { json: { email: 'a@b.co', password: 42 } }),
      // @ts-expect-error a route whose entry takes a body, called without one
      client.endpoint(auth.login),
      // @ts-expect-error a body for a route whose entry takes none
      client.endpoint(institutions.getInstitution, { params: { id: 1 }, json: { name: 'x' } }),
    ]);
    expectTypeOf<BodyOf<typeof auth.login>>().toEqualTypeOf<{ email: string; password: string }>();
  });

  it('takes the query the entry reads, numbers and flags as they are spelt', () => {
    typed((client) => [
      client.endpoint(conversations.listConversations, {
        params: { id: 1 },
        searchParams: { page: 2, 'per-page': 50, handoff: true, q: 'visit' },
      }),
      client.endpoint(records.listLeads, { searchParams: { institution_product_id: 3, sort: 'company' } }),
      // @ts-expect-error a sort the schema does not know
      client.endpoint(records.listLeads, { searchParams: { institution_product_id: 3, sort: 'price' } }),
      // @ts-expect-error the assistant the query requires is missing
      client.endpoint(records.listLeads, { searchParams: { sort: 'date' } }),
      client.endpoint(conversations.listConversations, {
        params: { id: 1 },
        // @ts-expect-error a flag that is neither true nor false
        searchParams: { handoff: 'yes' },
      }),
      // @ts-expect-error a query for a route whose entry takes none
      client.endpoint(institutions.getInstitution, { params: { id: 1 }, searchParams: { page: 1 } }),
    ]);
    expectTypeOf<QueryOf<typeof institutions.getInstitution>>().toBeNever();
  });

  it('refuses a route the table lacks, and types the answer of one it has', () => {
    typed((client) => [
      // @ts-expect-error no entry has this method and path
      client.endpoint({ method: 'GET', path: '/no-such-thing' }),
      // @ts-expect-error an entry's path with another method
      client.endpoint({ method: 'DELETE', path: '/auth/login' }),
      // @ts-expect-error the path's {id} is required
      client.endpoint(institutions.getInstitution),
    ]);
    expectTypeOf<AnswerOf<typeof institutions.getInstitution>>().toEqualTypeOf<Institution>();
    expectTypeOf<AnswerOf<{ method: 'GET'; path: '/no-such-thing' }>>().toBeNever();
  });

  it("types a record's body from its kind's entry, in the data calls too", () => {
    typed((client) => [
      createRecord(client, 'lead', { institution_product_id: 1, company: 'Acme', contact_name: 'Ana' }),
      updateRecord(client, 'order', 2, {
        institution_product_id: 1,
        company: 'Acme',
        lines: [{ product_code: 'P-1', quantity: 3 }],
      }),
      // @ts-expect-error a lead without its contact's name
      createRecord(client, 'lead', { institution_product_id: 1, company: 'Acme' }),
      // @ts-expect-error an order without its lines
      updateRecord(client, 'order', 2, { institution_product_id: 1, company: 'Acme' }),
      createRecord(client, 'order', {
        institution_product_id: 1,
        company: 'A',
        // @ts-expect-error a quantity of the wrong type
        lines: [{ product_code: 'P', quantity: 'x' }],
      }),
    ]);
  });
});
