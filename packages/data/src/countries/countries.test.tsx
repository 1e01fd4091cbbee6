import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import { useCountries } from './list-countries';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

it('lists the countries in the session language, refetching when it changes', async () => {
  const client = api.client();
  const { result } = renderHook(() => snapshot(useCountries()), { wrapper: dataWrapper(client) });
  await until(() => result.current.data !== undefined);
  expect(result.current.data?.length).toBeGreaterThanOrEqual(249);
  expect(result.current.data).toContainEqual({ id: 724, code: 'ES', name: 'Spain' });

  client.session.update({ locale: 'es' });
  await until(() => result.current.data?.find((country) => country.code === 'DE')?.name === 'Alemania');
  expect(api.received('country').map((request) => request.headers.get('accept-language'))).toEqual([
    'en',
    'es',
  ]);
});
