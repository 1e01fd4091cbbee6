/**
 * Storybook support for the connected screens: a data client on `/api` (answered by MSW handlers
 * from each story's `parameters.msw`), a preset session, the toaster, and API fixtures.
 */
import type { Session } from '@conversa/contract/auth';
import type { Country } from '@conversa/contract/country';
import type { Institution, InstitutionListItem } from '@conversa/contract/institution';
import type { Profile } from '@conversa/contract/profile';
import type { UserInstitution } from '@conversa/contract/user';
import { PAGINATION_HEADERS } from '@conversa/contract/http';
import { createDataClient } from '@conversa/data/client';
import { DataProvider } from '@conversa/data/provider';
import { memoryStorage, type SessionState } from '@conversa/data/session';
import type { Decorator } from '@storybook/react-vite';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { type ReactNode, useEffect, useState } from 'react';
import { clearNotifications, notifyError, Toaster } from '../components/toaster/toaster';

/** Every request goes here; MSW answers it. */
export const API = '/api';

export const profile: Profile = {
  full_name: 'Marta Gil Romero',
  first_name: 'Marta',
  last_name: 'Gil Romero',
  email: 'marta.gil@colegiosol.es',
  phone_number: '+34600000001',
  country: 'ES',
  city: 'Sevilla',
  role: 'principal',
  locale: 'en',
};

export const school: Institution = {
  id: 7,
  name: 'Colegio Sol',
  kind: 'school',
  website_url: 'https://colegiosol.es',
  students: '250_500',
  country: 'ES',
  country_data: { code: 'ES', name: 'Spain' },
  location: 'Sevilla',
  logo: null,
  created_at: '2025-01-15T10:00:00.000Z',
};

export const business: Institution = {
  ...school,
  id: 8,
  name: 'Muebles Norte',
  kind: 'business',
  website_url: 'https://mueblesnorte.mx',
  students: null,
  country: 'MX',
  country_data: { code: 'MX', name: 'Mexico' },
  location: 'Monterrey',
};

export const countries: Country[] = [
  { id: 1, code: 'AR', name: 'Argentina' },
  { id: 2, code: 'CL', name: 'Chile' },
  { id: 3, code: 'CO', name: 'Colombia' },
  { id: 4, code: 'MX', name: 'Mexico' },
  { id: 5, code: 'ES', name: 'Spain' },
  { id: 6, code: 'US', name: 'United States' },
];

export const memberships: UserInstitution[] = [
  { id: 7, name: 'Colegio Sol', kind: 'school', logo: null, role: 'main' },
  { id: 8, name: 'Muebles Norte', kind: 'business', logo: null, role: 'admin-staff' },
];

const towns = ['Sol', 'Luna', 'Mar', 'Norte', 'Sur', 'Río', 'Monte', 'Valle'];
const places: [string, string][] = [
  ['ES', 'Spain'],
  ['MX', 'Mexico'],
  ['CO', 'Colombia'],
  ['AR', 'Argentina'],
];

/** 57 institutions for the admin's list. */
export const institutionRows: InstitutionListItem[] = Array.from({ length: 57 }, (_, i) => {
  const [code, name] = places[i % places.length] ?? ['ES', 'Spain'];
  return {
    id: 100 + i,
    name: `${i % 3 === 0 ? 'Academia' : 'Colegio'} ${towns[i % towns.length]} ${i + 1}`,
    kind: i % 5 === 0 ? 'business' : 'school',
    country_data: { code, name },
  };
});

/** The signed-in staff member the stories act as. */
export const signedIn: Partial<SessionState> = {
  jwt: 'story.staff.token',
  isAuthed: true,
  locale: null,
  institutionId: school.id,
  user: { id: 3, email: profile.email },
  profile,
  roles: ['main'],
};

/** The same, as a platform admin. */
export const signedInAdmin: Partial<SessionState> = { ...signedIn, roles: ['main', 'admin'] };

/** What a sign-in answers. */
export const sessionAnswer = (overrides: Partial<Session> = {}): Session => ({
  jwt: 'story.new.token',
  user: { id: 3, email: profile.email },
  profile,
  roles: ['main'],
  institution_id: school.id,
  ...overrides,
});

/** A success body `{data}`. */
export const ok = (data: unknown, init?: ResponseInit) => HttpResponse.json({ data } as JsonBodyType, init);

/** An error body as the server renders it. */
export const fail = (status: number, code: string, message: string, issues: unknown[] = []) =>
  HttpResponse.json({ message, code, ...(issues.length ? { issues } : {}) }, { status });

/** Never answers: the screen stays waiting. */
export const forever = async () => {
  await delay('infinite');
  return new HttpResponse(null, { status: 204 });
};

/** A page of the admin's list, with the pagination headers. */
export function page(rows: InstitutionListItem[], request: Request) {
  const url = new URL(request.url);
  const name = (url.searchParams.get('name') ?? '').toLowerCase();
  const perPage = Number(url.searchParams.get('per-page') ?? 20);
  const current = Number(url.searchParams.get('page') ?? 1);
  const matching = rows.filter((row) => row.name.toLowerCase().includes(name));
  return ok(matching.slice((current - 1) * perPage, current * perPage), {
    headers: {
      [PAGINATION_HEADERS.pageCount]: String(Math.max(1, Math.ceil(matching.length / perPage))),
      [PAGINATION_HEADERS.totalCount]: String(matching.length),
      [PAGINATION_HEADERS.perPage]: String(perPage),
      [PAGINATION_HEADERS.currentPage]: String(current),
    },
  });
}

/** Handlers most screens need: providers, countries, the session's institution and memberships. */
/** A server-sent events stream that stays open and says nothing (a connection's comment only). */
export const quietStream = () =>
  new HttpResponse(
    new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(': connected\n\n')),
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

export const baseHandlers = [
  http.get(`${API}/auth/providers`, () => ok({ google_client_id: null, microsoft_client_id: null })),
  http.post(`${API}/auth/nonce`, () => ok({ nonce: 'story-sign-in-nonce', expires_in_seconds: 900 })),
  http.get(`${API}/country`, () => ok(countries)),
  http.post(`${API}/auth/validate-token`, () => ok(sessionAnswer({ jwt: 'story.staff.token' }))),
  http.get(`${API}/institution/:id`, ({ params }) =>
    ok(Number(params.id) === business.id ? business : school),
  ),
  http.get(`${API}/user/:id/institution`, () => ok(memberships)),
  // The console's live counts and their stream (`GET institution/{id}/live`, `…/events`): none waiting.
  http.get(`${API}/institution/:id/live`, () => ok([])),
  http.get(`${API}/institution/:id/events`, quietStream),
];

function DataShell({ session, children }: { session: Partial<SessionState>; children: ReactNode }) {
  const [client] = useState(() => {
    const created = createDataClient({
      baseUrl: API,
      storage: memoryStorage(),
      onError: (e) => notifyError(e.message),
    });
    created.session.update(session);
    return created;
  });
  useEffect(() => () => clearNotifications(), []);
  return (
    // No retries in stories: an error state shows at once instead of after 7 s of back-off.
    <DataProvider client={client} config={{ shouldRetryOnError: false }}>
      <Toaster />
      {children}
    </DataProvider>
  );
}

/** Puts a fresh data client (and its session) around a story. */
export function withData(session: Partial<SessionState> = {}): Decorator {
  return (Story) => (
    <DataShell session={session}>
      <Story />
    </DataShell>
  );
}
