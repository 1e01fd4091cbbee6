import { renderHook } from '@testing-library/react';
import { unstable_serialize } from 'swr';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countriesKey, useCountries } from './countries/list-countries';
import { createInstitution } from './institutions/create-institution';
import { useInstitution } from './institutions/get-institution';
import { useDataClient, useSession } from './provider';
import { startApi, type TestApi } from './testing/api';
import { dataWrapper, snapshot, until } from './testing/render';
import { logout } from './users/logout';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('DataProvider', () => {
  it('a 401 in a hook clears the session and every cached entry, and tells the app once', async () => {
    const onUnauthorized = vi.fn();
    const onError = vi.fn();
    const { client, user } = await api.signedIn({ onUnauthorized, onError });
    const first = await createInstitution(client, { name: 'Colegio Este', kind: 'school' });
    const second = await createInstitution(client, { name: 'Colegio Oeste', kind: 'school' });
    const { result, rerender } = renderHook(
      ({ id }) => ({
        countries: snapshot(useCountries()),
        institution: snapshot(useInstitution(id)),
        session: useSession(),
      }),
      { wrapper: dataWrapper(client), initialProps: { id: first.id } },
    );
    await until(
      () => result.current.countries.data !== undefined && result.current.institution.data !== undefined,
    );
    expect(result.current.institution.data?.id).toBe(first.id);

    // Signed out in another browser: this token is revoked.
    const elsewhere = api.client();
    elsewhere.session.update({ jwt: user.token });
    await logout(elsewhere);

    rerender({ id: second.id });
    await until(() => !result.current.session.isAuthed);
    await until(
      () => result.current.countries.data === undefined && result.current.institution.data === undefined,
    );
    expect(result.current.session).toMatchObject({
      jwt: null,
      guestJwt: null,
      locale: null,
      user: null,
      institutionId: null,
    });
    expect(client.cache.peek(unstable_serialize(countriesKey('en')))).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({ status: 401, code: 'session_invalid' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onError).not.toHaveBeenCalled();
  });

  it('useDataClient outside a provider says what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useDataClient())).toThrow(/DataProvider/);
  });
});
