/**
 * Connected screens in tests (docs/architecture.md#tests): the real API server in-process on a loopback port (the
 * data layer's `startApi`, run for a whole file by `connectedApi`), a data client pointed at it,
 * signed-in owners, and the app's providers plus the toaster.
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import type { Locale } from '@conversa/contract/constants';
import type { CreateInstitutionBody, Institution, InstitutionKind } from '@conversa/contract/institution';
import type { AssistantListItem } from '@conversa/contract/assistant';
import { validateToken } from '@conversa/data/auth/validate-token';
import type { DataClient } from '@conversa/data/client';
import { DataProvider } from '@conversa/data/provider';
import { startApi, type TestApi } from '@conversa/data/testing/api';
import { i18n } from '@lingui/core';
import { act, render, type RenderResult, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clearNotifications, Toaster } from '../components/toaster/toaster';
import { UiI18nProvider } from '../i18n/i18n-provider';
import { ConversaThemeProvider } from '../theme/theme-provider';

export { startApi, type TestApi } from '@conversa/data/testing/api';

/** Renders a screen inside the data, lingui and theme providers, with the toaster mounted. */
export function renderConnected(
  ui: ReactElement,
  { client, locale = 'en' }: { client: DataClient; locale?: Locale },
): RenderResult {
  act(() => i18n.activate(locale));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DataProvider client={client}>
      <UiI18nProvider>
        <ConversaThemeProvider>
          <Toaster />
          {children}
        </ConversaThemeProvider>
      </UiI18nProvider>
    </DataProvider>
  );
  return render(ui, { wrapper });
}

/** Removes toasts left by a test (react-hot-toast keeps them in a module-level store). */
export function resetToasts(): void {
  act(() => clearNotifications());
}

/** `POST /api/institution` as a user, through HTTP; fails the test unless it is created. */
export async function postInstitution(
  api: TestApi,
  token: string,
  body: Partial<CreateInstitutionBody> = {},
): Promise<Institution> {
  const { status, body: answer } = await api.server.call<{ data: Institution }>('/api/institution', {
    token,
    json: { name: `School ${Math.random().toString(36).slice(2, 8)}`, kind: 'school', ...body },
  });
  if (status !== 201) throw new Error(`POST /api/institution answered ${status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The 6-digit code of the newest sign-up mail to an address. */
export async function mailedCode(api: TestApi, email: string): Promise<string> {
  let code: string | undefined;
  await waitFor(async () => {
    const mail = await api.server.lastMailTo(email);
    code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
  });
  return code as string;
}

type SignedIn = Awaited<ReturnType<TestApi['signedIn']>>;
/** The institution's name (`Casa <kind>` by default) and the client's options. */
type OwnerOptions = { name?: string } & NonNullable<Parameters<TestApi['signedIn']>[0]>;

/** A signed-in owner of a fresh institution, acting there, and the institution's first assistant. */
export interface SignedInOwner extends SignedIn {
  institution: Institution;
  /** The first assistant, as the institution's assistant list shows it. */
  assistant: AssistantListItem;
  /** Request options for `api.server.call` as the owner, in the institution. */
  as: { token: string; institution: number };
  /** The assistant's settings as the server holds them now. */
  detail(): Promise<AssistantDetail>;
}

/** The running test API of a file (see `connectedApi`), with owners on demand. */
export interface ConnectedApi extends TestApi {
  /**
   * A new user who creates an institution of that kind (named `Casa <kind>` unless `name` says
   * otherwise) and so owns its first assistant; the client's session acts in that institution.
   */
  signedInOwner(kind?: InstitutionKind, options?: OwnerOptions): Promise<SignedInOwner>;
}

async function signedInOwner(
  api: TestApi,
  kind: InstitutionKind = 'school',
  { name = `Casa ${kind}`, ...clientOptions }: OwnerOptions = {},
): Promise<SignedInOwner> {
  const { client, user } = await api.signedIn(clientOptions);
  const institution = await postInstitution(api, user.token, { kind, name });
  // The session picks up the new membership and acts in the institution.
  await validateToken(client);
  const as = { token: user.token, institution: institution.id };
  const listed = await api.server.call<{ data: AssistantListItem[] }>(
    `/api/institution/${institution.id}/product`,
    as,
  );
  const assistant = listed.body.data[0];
  if (!assistant) throw new Error(`institution ${institution.id} was created without an assistant`);
  const detail = async () =>
    (await api.server.call<{ data: AssistantDetail }>(`/api/institution-product/${assistant.id}`, as)).body
      .data;
  return { client, user, institution, assistant, as, detail };
}

/**
 * The real API for a test file: started before its tests, closed after them, with the toasts
 * cleared after each test. Call it at the top level of the file; the handle works inside tests
 * and hooks (the server only exists once `beforeAll` has run).
 */
export function connectedApi(options: Parameters<typeof startApi>[0] = {}): ConnectedApi {
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startApi(options);
  });
  afterAll(() => started?.close());
  afterEach(() => resetToasts());
  const live = (): TestApi => {
    if (!started) throw new Error('The test API is not running: use it inside tests and hooks.');
    return started;
  };
  return {
    get server() {
      return live().server;
    },
    get baseUrl() {
      return live().baseUrl;
    },
    get requests() {
      return live().requests;
    },
    received: (path, method) => live().received(path, method),
    breakDatabase: () => live().breakDatabase(),
    client: (clientOptions) => live().client(clientOptions),
    signedIn: (clientOptions) => live().signedIn(clientOptions),
    close: () => live().close(),
    signedInOwner: (kind, ownerOptions) => signedInOwner(live(), kind, ownerOptions),
  };
}
