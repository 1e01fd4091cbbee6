import type { InstitutionListItem } from '@conversa/contract/institution';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions } from '../db/schema';
import { createSignedInUser, createTestServer, type TestServer } from '../testing';
import { createTenant, guestToken } from '../testing/institutions.fixtures';

let server: TestServer;
let admin: { token: string };
/** The main member of "Zz Member Org": a member, not an admin. */
let member: { token: string };
beforeAll(async () => {
  server = await createTestServer();
  admin = await createSignedInUser(server, { isAdmin: true });
  member = (await createTenant(server, { name: 'Zz Member Org' })).owner;
  // 25 "Zeta College" rows (inserted out of order) plus names that exercise the pattern escaping.
  const zetas = Array.from({ length: 25 }, (_, i) => ({
    name: `Zeta College ${String(25 - i).padStart(2, '0')}`,
    kind: i % 2 ? 'school' : 'business',
    country: i % 3 ? 'ES' : null,
  }));
  await server.database.db
    .insert(institutions)
    .values([
      ...zetas,
      { name: '100% Academy', kind: 'school', country: 'DE' },
      { name: '100 Academy', kind: 'school' },
      { name: 'A_B School', kind: 'school' },
      { name: 'AxB School', kind: 'school' },
      { name: 'Back\\slash Ltd', kind: 'business' },
      { name: 'Twin', kind: 'business' },
      { name: 'Twin', kind: 'school' },
    ]);
});
afterAll(() => server.close());

const pageHeaders = (headers: Headers) => ({
  pageCount: headers.get('x-pagination-page-count'),
  totalCount: headers.get('x-pagination-total-count'),
  perPage: headers.get('x-pagination-per-page'),
  currentPage: headers.get('x-pagination-current-page'),
});

const list = (query: string, options: { token?: string; locale?: string } = {}) =>
  server.call<{ data: InstitutionListItem[] }>(`/api/institution${query}`, {
    token: admin.token,
    ...options,
  });

describe('GET /api/institution (admin)', () => {
  it('pages 1-based with the four pagination headers', async () => {
    const first = await list('?name=zeta college&per-page=10');
    expect(first.status).toBe(200);
    expect(pageHeaders(first.headers)).toEqual({
      pageCount: '3',
      totalCount: '25',
      perPage: '10',
      currentPage: '1',
    });
    expect(first.body.data.map((row) => row.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Zeta College ${String(i + 1).padStart(2, '0')}`),
    );
    const last = await list('?name=zeta college&per-page=10&page=3');
    expect(pageHeaders(last.headers)).toEqual({
      pageCount: '3',
      totalCount: '25',
      perPage: '10',
      currentPage: '3',
    });
    expect(last.body.data.map((row) => row.name)).toEqual(
      ['21', '22', '23', '24', '25'].map((n) => `Zeta College ${n}`),
    );
  });

  it('answers an empty page past the end, with the real totals', async () => {
    const past = await list('?name=zeta&per-page=10&page=9');
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(pageHeaders(past.headers)).toEqual({
      pageCount: '3',
      totalCount: '25',
      perPage: '10',
      currentPage: '9',
    });
    const none = await list('?name=no such institution');
    expect(none.body.data).toEqual([]);
    expect(pageHeaders(none.headers)).toEqual({
      pageCount: '1',
      totalCount: '0',
      perPage: '20',
      currentPage: '1',
    });
  });

  it('defaults to page 1 of 20, ordered by name then id, rows {id, name, kind, country_data}', async () => {
    const { status, headers, body } = await list('', { locale: 'es' });
    expect(status).toBe(200);
    expect(pageHeaders(headers)).toEqual({
      pageCount: '2',
      totalCount: '33',
      perPage: '20',
      currentPage: '1',
    });
    expect(body.data).toHaveLength(20);
    // How ' ' and '%' compare depends on the database collation; both come before letters.
    expect(body.data.slice(0, 2)).toEqual(
      expect.arrayContaining([
        { id: expect.any(Number), name: '100 Academy', kind: 'school', country_data: null },
        {
          id: expect.any(Number),
          name: '100% Academy',
          kind: 'school',
          country_data: { code: 'DE', name: 'Alemania' },
        },
      ]),
    );
    const rest = await list('?page=2');
    const names = [...body.data, ...rest.body.data].map((row) => row.name);
    expect(names.slice(2, 7)).toEqual(['A_B School', 'AxB School', 'Back\\slash Ltd', 'Twin', 'Twin']);
    const twins = [...body.data, ...rest.body.data].filter((row) => row.name === 'Twin');
    expect(twins[0]!.id).toBeLessThan(twins[1]!.id);
    expect(rest.body.data.slice(-2).map((row) => row.name)).toEqual(['Zeta College 25', 'Zz Member Org']);
  });

  it('searches names case-insensitively, taking % _ and \\ literally', async () => {
    const names = async (search: string) =>
      (await list(`?name=${encodeURIComponent(search)}`)).body.data.map((row) => row.name);
    expect(await names('100%')).toEqual(['100% Academy']);
    expect(await names('%')).toEqual(['100% Academy']);
    expect(await names('a_b')).toEqual(['A_B School']);
    expect(await names('_')).toEqual(['A_B School']);
    expect(await names('\\')).toEqual(['Back\\slash Ltd']);
    expect((await names('ACADEMY')).sort()).toEqual(['100 Academy', '100% Academy']);
    expect(await names('  tWIN ')).toEqual(['Twin', 'Twin']);
  });

  it.each(['0', '101', 'abc', '-1', '1.5', ''])('refuses per-page=%s with 400', async (perPage) => {
    const { status, body } = await list(`?per-page=${perPage}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'per-page', code: 'invalid_value' }],
    });
  });

  it.each(['0', 'abc', '-2'])('refuses page=%s with 400', async (page) => {
    const { status, body } = await list(`?page=${page}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ issues: [{ path: 'page', code: 'invalid_value' }] });
  });

  it('accepts per-page 1 and 100', async () => {
    expect((await list('?per-page=1')).body.data).toHaveLength(1);
    expect((await list('?per-page=100')).body.data).toHaveLength(33);
  });

  it('is admin only: members get 403, guests 403, signed out 401', async () => {
    const refused = await list('', { token: member.token });
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((refused.body as Record<string, unknown>).data).toBeUndefined();
    expect(refused.headers.get('x-pagination-total-count')).toBeNull();
    expect((await list('?per-page=abc', { token: member.token })).status).toBe(403);
    const guest = await list('', { token: await guestToken(server, 1) });
    expect(guest).toMatchObject({ status: 403, body: { code: 'guest_forbidden' } });
    expect((await server.call('/api/institution')).status).toBe(401);
  });

  it('lets ADMIN_EMAILS admins list too', async () => {
    const other = await createTestServer({ env: { ADMIN_EMAILS: 'Chief@Example.com' } });
    try {
      const chief = await createSignedInUser(other, { email: 'chief@example.com' });
      const { status, headers } = await other.call('/api/institution', { token: chief.token });
      expect(status).toBe(200);
      expect(headers.get('x-pagination-total-count')).toBe('0');
    } finally {
      await other.close();
    }
  });
});
