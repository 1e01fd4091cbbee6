/** The console in a memory router, on a data client pointed at the real server (docs/architecture.md#tests). */
import type { Locale } from '@conversa/contract/constants';
import type { Institution } from '@conversa/contract/institution';
import type { AssistantListItem } from '@conversa/contract/assistant';
import { validateToken } from '@conversa/data/auth/validate-token';
import type { DataClient } from '@conversa/data/client';
import type { TestApi } from '@conversa/data/testing/api';
import type { TestUser } from '@conversa/server/testing';
import { clearNotifications } from '@conversa/ui/components/toaster';
import { i18n } from '@lingui/core';
import { act, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { ConsoleProviders } from '../app';
import { ConsoleRoutes } from '../routes';

export { startApi, type TestApi } from '@conversa/data/testing/api';

/** Renders the app at `path`; `location()` is the router's current path and query. */
export function renderConsole(
  path: string,
  client: DataClient,
  { locale = 'en' }: { locale?: Locale } = {},
): RenderResult & { location: () => string } {
  let current = path;
  function LocationProbe() {
    const location = useLocation();
    current = `${location.pathname}${location.search}`;
    return null;
  }
  act(() => i18n.activate(locale));
  const view = render(
    <ConsoleProviders client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes />
        <LocationProbe />
      </MemoryRouter>
    </ConsoleProviders>,
  );
  return { ...view, location: () => current };
}

/** Removes toasts left by a test (react-hot-toast keeps them in a module-level store). */
export function resetToasts(): void {
  act(() => clearNotifications());
}

/** A signed-in owner of a new institution (through HTTP) with its first assistant, session refreshed. */
export async function signedInOwner(
  api: TestApi,
  body: { kind?: 'school' | 'business'; name?: string } = {},
  options: { isAdmin?: boolean } = {},
): Promise<{
  client: DataClient;
  institution: Institution;
  assistant: AssistantListItem;
  token: string;
  user: TestUser & { token: string };
}> {
  const { client, user } = await api.signedIn(options);
  const created = await api.server.call<{ data: Institution }>('/api/institution', {
    token: user.token,
    json: {
      name: body.name ?? `School ${Math.random().toString(36).slice(2, 8)}`,
      kind: body.kind ?? 'school',
    },
  });
  if (created.status !== 201) throw new Error(`POST /api/institution answered ${created.status}`);
  const institution = created.body.data;
  const listed = await api.server.call<{ data: AssistantListItem[] }>(
    `/api/institution/${institution.id}/product`,
    {
      token: user.token,
    },
  );
  const assistant = listed.body.data[0];
  if (!assistant) throw new Error('the institution has no assistant');
  await validateToken(client);
  return { client, institution, assistant, token: user.token, user };
}
