import { conversationPath } from '@conversa/contract/console-paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderConsole, resetToasts, signedInOwner, startApi, type TestApi } from './testing/render-console';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(resetToasts);

const PROTECTED = [
  '/',
  '/setup-assistant',
  '/pre-sales',
  '/pre-sales/trainer/1',
  '/pre-sales/trainer/faqs/1',
  '/sales-support/order/1/details/2',
  '/profile/about-you',
  '/profile/logout',
  '/change-institution',
];

describe('protected routes', () => {
  it.each(PROTECTED)('send a signed-out visitor of %s to /login', async (path) => {
    const view = renderConsole(path, api.client());
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sign in | Conversa'));
  });

  it("keep the page asked for, query included, and signing in returns there (a contact mail's link)", async () => {
    const { client, assistant, user } = await signedInOwner(api);
    client.session.clear();
    const link = `${conversationPath(assistant.id, '7b6f2c1e-0000-4000-8000-000000000001')}?from=mail`;
    const view = renderConsole(link, client);
    await waitFor(() => expect(view.location()).toBe('/login'));
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Log in with your email' }));
    await person.type(await screen.findByLabelText(/^Email/), user.email);
    await person.type(screen.getByLabelText(/^Password/), user.password);
    await person.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(view.location()).toBe(link));
  });

  it('render nothing under a guest token, clear it, then send a visitor without a session to /login', async () => {
    const client = api.client();
    client.session.update({ guestJwt: 'a-chat-visitor-token' });
    let shownWhileGuest: string | null = null;
    const stop = client.session.subscribe(() => {
      if (client.session.getSnapshot().guestJwt === null && shownWhileGuest === null) {
        shownWhileGuest = document.getElementById('main-content')?.outerHTML ?? '';
      }
    });
    const view = renderConsole('/profile/about-you', client);
    await waitFor(() => expect(client.session.getSnapshot().guestJwt).toBeNull());
    stop();
    // When the token went, nothing of the page had been rendered.
    expect(shownWhileGuest).toBe('');
    await waitFor(() => expect(view.location()).toBe('/login'));
  });

  it('show the page to a staff user once a leftover guest token is cleared', async () => {
    const { client } = await signedInOwner(api);
    client.session.update({ guestJwt: 'a-chat-visitor-token' });
    const view = renderConsole('/profile/password', client);
    await waitFor(() => expect(client.session.getSnapshot().guestJwt).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Password', level: 1 })).toBeTruthy();
    expect(view.location()).toBe('/profile/password');
    expect(client.session.getSnapshot().jwt).not.toBeNull();
    // Nothing was asked of the API under the chat visitor's token.
    expect(
      api.requests.filter((r) => r.headers.get('authorization')?.includes('a-chat-visitor-token')),
    ).toEqual([]);
  });
});

describe('/change-institution', () => {
  it('sends a non-admin back to the root (and so to their trainer)', async () => {
    const { client, assistant } = await signedInOwner(api);
    const view = renderConsole('/change-institution', client);
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/trainer/${assistant.id}`));
    expect(screen.queryByRole('link', { name: 'Change institution' })).toBeNull();
  });

  it('lets an admin in, with the sidebar entry', async () => {
    const { client } = await signedInOwner(api, {}, { isAdmin: true });
    const view = renderConsole('/change-institution', client);
    expect(await screen.findByRole('heading', { name: 'Change institution', level: 1 })).toBeTruthy();
    expect(view.location()).toBe('/change-institution');
    expect(await screen.findByRole('link', { name: 'Change institution' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Change institution | Conversa'));
  });
});

describe('/reset-password', () => {
  it('asks for the e-mail without a token', async () => {
    const view = renderConsole('/reset-password', api.client());
    expect(await screen.findByRole('textbox', { name: /email/i })).toBeTruthy();
    expect(screen.queryByLabelText(/repeat/i)).toBeNull();
    expect(view.location()).toBe('/reset-password');
    await waitFor(() => expect(document.title).toBe('Reset password | Conversa'));
  });

  it('asks for the new password with a token', async () => {
    renderConsole('/reset-password?token=abc123', api.client());
    expect(await screen.findByLabelText(/repeat/i)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /email/i })).toBeNull();
  });

  it('sends a signed-in user to the root', async () => {
    const { client, assistant } = await signedInOwner(api);
    const view = renderConsole('/reset-password?token=abc123', client);
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/trainer/${assistant.id}`));
  });
});

describe('unknown paths', () => {
  it.each(['/nope', '/pre-sales/trainer', '/profile', '/admissions/12'])(
    'send %s to /login',
    async (path) => {
      const view = renderConsole(path, api.client());
      await waitFor(() => expect(view.location()).toBe('/login'));
    },
  );

  it('send a signed-in user to /login too (docs/product.md#screens-and-routes: the fallback for unknown paths)', async () => {
    const { client } = await signedInOwner(api);
    const view = renderConsole('/no/such/page', client);
    await waitFor(() => expect(view.location()).toBe('/login'));
  });
});
