/**
 * The data layer under Preact (the widget's runtime): `react` is aliased to preact/compat in this
 * vitest project, and nothing here renders through React.
 */
import { createUser } from '@conversa/server/testing';
import { render } from 'preact';
import * as compat from 'preact/compat';
import { act } from 'preact/test-utils';
import * as react from 'react';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { useLogin } from './auth/login';
import { useCountries } from './countries/list-countries';
import { useInstitution } from './institutions/get-institution';
import { DataProvider, useSession } from './provider';
import { startApi, type TestApi } from './testing/api';

let api: TestApi;
let container: HTMLElement | null = null;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(() => {
  if (!container) return;
  const mounted = container;
  act(() => render(null, mounted));
  mounted.remove();
  container = null;
});

const text = () => container?.textContent ?? '';

/** Waits in real time until `check` passes, flushing Preact's updates on each turn. */
async function until(check: () => boolean, timeoutMs = 5000) {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

function mount(node: ReturnType<typeof createElement>) {
  const target = document.createElement('div');
  document.body.append(target);
  container = target;
  act(() => render(node as never, target));
}

it('runs on preact/compat, not React', () => {
  expect(react.createElement).toBe(compat.createElement);
  expect(react.useSyncExternalStore).toBe(compat.useSyncExternalStore);
});

it('a query hook and the session follow the server and the store', async () => {
  const client = api.client();
  function Countries() {
    const { data } = useCountries();
    const { locale } = useSession();
    const germany = data?.find((country) => country.code === 'DE');
    return createElement(
      'p',
      null,
      data ? `${locale ?? 'auto'}: ${data.length} ${germany?.name}` : 'loading',
    );
  }
  mount(createElement(DataProvider, { client }, createElement(Countries)));
  expect(text()).toBe('loading');
  await until(() => text().includes('Germany'));
  expect(text()).toMatch(/^auto: \d{3} Germany$/);
  act(() => client.session.update({ locale: 'es' }));
  await until(() => text().includes('Alemania'));
  expect(text()).toMatch(/^es: \d{3} Alemania$/);
});

it('a mutation hook signs in, and a 401 ends the session once', async () => {
  const user = await createUser(api.server);
  const onUnauthorized = vi.fn();
  const client = api.client({ onUnauthorized });
  let trigger: ReturnType<typeof useLogin>['trigger'] | undefined;
  function SignIn() {
    const login = useLogin();
    trigger = login.trigger;
    const session = useSession();
    const institution = useInstitution(session.isAuthed ? 999_999 : null);
    return createElement(
      'p',
      null,
      `${session.isAuthed ? session.user?.email : 'signed out'} ${institution.error ? institution.error.status : ''}`,
    );
  }
  mount(createElement(DataProvider, { client }, createElement(SignIn)));
  expect(text()).toBe('signed out ');
  await act(async () => {
    await trigger!({ email: user.email, password: user.password });
  });
  // Signed in: the institution read (a 404 for an unknown id) shows the user first.
  await until(() => text() === `${user.email} 404`);
  expect(onUnauthorized).not.toHaveBeenCalled();

  act(() => client.session.update({ jwt: 'revoked.or.garbage' }));
  await act(() => client.invalidate(() => true));
  await until(() => text().startsWith('signed out'));
  expect(onUnauthorized).toHaveBeenCalledTimes(1);
  expect(client.session.getSnapshot().jwt).toBeNull();
});
