import type { CheckEmailResult } from '@conversa/contract/user';
import * as assistants from '@conversa/contract/routes/assistants';
import * as users from '@conversa/contract/routes/users';
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { isApiRequestError, type ApiRequestError } from './errors';
import { isRouteKey, routeKey } from './keys';
import { useWrite, writeKey } from './mutation';
import { startApi, type TestApi } from './testing/api';
import { dataWrapper } from './testing/render';
import { checkEmail } from './users/check-email';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('writeKey', () => {
  it("is the route's method and path, then the values the hook is bound to", () => {
    expect(writeKey(assistants.deleteFiles, 7)).toEqual(['POST', '/institution-product/{id}/file/delete', 7]);
    expect(writeKey(users.checkEmail)).toEqual(['POST', '/user/check-email']);
  });

  it('never matches a read, even of the same path', () => {
    // `PUT …/faq` and `GET …/faq` share a path: the write's key still stays out of the read's entries.
    expect(writeKey(assistants.putFaqs, 7)).not.toEqual(routeKey(assistants.getFaqs, { id: 7 }));
    expect(isRouteKey(assistants.getFaqs)(writeKey(assistants.putFaqs, 7))).toBe(false);
    expect(isRouteKey(assistants.listFiles)(writeKey(assistants.uploadFiles, 7))).toBe(false);
  });
});

describe('useWrite', () => {
  it('calls with the client, the bound values and the argument, and keeps the answer', async () => {
    const client = api.client();
    const call = vi.fn((on: typeof client, domain: string, name: string) =>
      checkEmail(on, { email: `${name}@${domain}` }),
    );
    const { result } = renderHook(() => useWrite(users.checkEmail, call, 'example.com'), {
      wrapper: dataWrapper(client),
    });
    expectTypeOf(result.current.trigger).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(result.current.data).toEqualTypeOf<CheckEmailResult | undefined>();
    expectTypeOf(result.current.error).toEqualTypeOf<ApiRequestError | undefined>();

    let answer: CheckEmailResult | undefined;
    await act(async () => {
      answer = await result.current.trigger('nobody-here');
    });
    expect(call).toHaveBeenCalledWith(client, 'example.com', 'nobody-here');
    expect(answer).toEqual({ exists: false });
    expect(result.current.data).toEqual({ exists: false });
    expect(result.current.isMutating).toBe(false);
    expect(JSON.parse(api.received('user/check-email').at(-1)!.body)).toEqual({
      email: 'nobody-here@example.com',
    });
  });

  it("throws the failure to the caller and keeps it as the hook's error, without reporting it", async () => {
    const onError = vi.fn();
    const client = api.client({ onError });
    const { result } = renderHook(() => useWrite(users.checkEmail, checkEmail), {
      wrapper: dataWrapper(client),
    });
    let thrown: unknown;
    await act(async () => {
      thrown = await result.current.trigger({ email: 'not an address' }).catch((error: unknown) => error);
    });
    expect(isApiRequestError(thrown) && thrown.status).toBe(400);
    expect(result.current.error).toBe(thrown);
    expect(result.current.data).toBeUndefined();
    // A write's failure belongs to the form that made it.
    expect(onError).not.toHaveBeenCalled();
  });

  it('takes no argument when the call takes none after the bound values', () => {
    const client = api.client();
    const { result } = renderHook(() => useWrite(users.logout, async (_client, id: number) => id, 7), {
      wrapper: dataWrapper(client),
    });
    expectTypeOf(result.current.trigger).parameter(0).toEqualTypeOf<null | undefined>();
  });
});
