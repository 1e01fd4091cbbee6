import { login } from '@conversa/contract/routes/auth';
import type { MemberRole } from '@conversa/contract/roles';
import { acceptInvitation } from '@conversa/data/team/invitations';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderConsole, resetToasts, signedInOwner, startApi, type TestApi } from './testing/render-console';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(resetToasts);

const meta = (key: string) =>
  document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

describe('the root', () => {
  it("sends an owner to their first assistant's trainer", async () => {
    const { client, assistant } = await signedInOwner(api);
    const view = renderConsole('/', client);
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/trainer/${assistant.id}`));
  });

  it('sends a business owner to the pre-sales trainer of their retail assistant', async () => {
    const { client, assistant } = await signedInOwner(api, { kind: 'business' });
    expect(assistant.product.type).toBe('retail');
    const view = renderConsole('/', client);
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/trainer/${assistant.id}`));
  });

  it('offers a user without an institution to create one, then sets up its assistant', async () => {
    const user = userEvent.setup();
    const { client } = await api.signedIn();
    const view = renderConsole('/', client);
    await waitFor(() => expect(view.location()).toBe('/setup-assistant'));
    expect(await screen.findByRole('heading', { name: 'Assistant setup', level: 1 })).toBeTruthy();
    const card = await screen.findByRole('region', { name: 'Create your school or business' });
    await user.type(within(card).getByLabelText(/^School name/), 'Colegio Sol');
    await user.selectOptions(within(card).getByLabelText('Number of students'), 'Up to 250');
    await waitFor(() => expect(within(card).getByRole('option', { name: 'Spain' })).toBeTruthy());
    await user.selectOptions(within(card).getByLabelText('Country'), 'ES');
    await user.click(within(card).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { level: 2, name: /^Step 1 of \d: Name$/ })).toBeTruthy();
    expect(client.session.getSnapshot()).toMatchObject({ roles: ['main'] });
    expect(client.session.getSnapshot().institutionId).not.toBeNull();
  });

  it('sends a platform admin without a membership to Change institution', async () => {
    const { client } = await api.signedIn({ isAdmin: true });
    const view = renderConsole('/', client);
    await waitFor(() => expect(view.location()).toBe('/change-institution'));
  });

  /** A member of the owner's institution with `role`, joined through the invitation mailed to them. */
  async function member(owner: Awaited<ReturnType<typeof signedInOwner>>, role: MemberRole) {
    const joining = await api.signedIn();
    const sent = await api.server.call(`/api/institution/${owner.institution.id}/invitation`, {
      token: owner.token,
      json: { email: joining.user.email, role },
    });
    expect(sent.status).toBe(201);
    const mail = await api.server.lastMailTo(joining.user.email);
    const invitation = /\/join\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    await acceptInvitation(joining.client, invitation ?? '');
    return joining.client;
  }

  it.each([
    ['lead_entry_agent', 'leads'],
    ['order_capture_agent', 'orders'],
  ] as const)('starts a %s on what their menu offers first (%s)', async (role, page) => {
    const owner = await signedInOwner(api, { kind: 'business' });
    const created = await api.server.call<{ data: { id: number } }>('/api/institution-product', {
      token: owner.token,
      institution: owner.institution.id,
      json: { type: 'sales_support', name: 'Ventas' },
    });
    const view = renderConsole('/', await member(owner, role));
    await waitFor(() => expect(view.location()).toBe(`/sales-support/${page}/${created.body.data.id}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: page === 'leads' ? 'Leads' : 'Orders' }),
    ).toBeTruthy();
  });

  it('starts an admissions agent on the dashboard', async () => {
    const owner = await signedInOwner(api);
    const view = renderConsole('/', await member(owner, 'admissions_agent'));
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/dashboard/${owner.assistant.id}`));
  });

  it('takes /pre-sales to the pre-sales trainer (its index route)', async () => {
    const { client, assistant } = await signedInOwner(api);
    const view = renderConsole('/pre-sales', client);
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/trainer/${assistant.id}`));
  });
});

describe('titles and share tags', () => {
  it.each([['/sales-support/order/ID/details/42', 'Order details']])(
    '%s is "%s | Conversa", with its share tags',
    async (pattern, title) => {
      const { client, assistant } = await signedInOwner(api);
      const path = pattern.replace('ID', String(assistant.id));
      const view = renderConsole(path, client);
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeTruthy();
      expect(view.location()).toBe(path);
      await waitFor(() => expect(document.title).toBe(`${title} | Conversa`));
      expect(meta('og:title')).toBe(`${title} | Conversa`);
      expect(meta('og:type')).toBe('website');
      expect(meta('og:url')).toBe(`${window.location.origin}${path}`);
      expect(meta('og:image')).toBe(`${window.location.origin}/og-image.png`);
      expect(meta('og:description')).toMatch(/AI assistants/);
      expect(meta('description')).toBe(meta('og:description'));
    },
  );

  it.each([
    ['/profile/about-you', 'About you'],
    ['/profile/about-your-school', 'About your school'],
    ['/profile/about-your-business', 'About your business'],
    ['/profile/password', 'Password'],
    ['/profile/logout', 'Log out'],
    ['/sales-support/allowed-numbers/ID', 'Allowed numbers'],
    ['/sales-support/trainer/fields/ID', 'Fields'],
    ['/sales-support/leads/ID', 'Leads'],
    ['/sales-support/orders/ID', 'Orders'],
    ['/sales-support/leads/ID/dashboard', 'Leads dashboard'],
    ['/sales-support/orders/ID/dashboard', 'Orders dashboard'],
    ['/sales-support/lead/ID/card/42', 'Lead'],
  ])('%s is "%s | Conversa"', async (pattern, title) => {
    const { client, assistant } = await signedInOwner(api);
    const path = pattern.replace('ID', String(assistant.id));
    const view = renderConsole(path, client);
    await waitFor(() => expect(document.title).toBe(`${title} | Conversa`));
    expect(await screen.findByRole('main')).toBeTruthy();
    expect(view.location()).toBe(path);
  });

  it('speak the profile language: Spanish titles, sidebar and pages', async () => {
    const { client, assistant } = await signedInOwner(api);
    client.session.update({ locale: 'es' });
    renderConsole(`/sales-support/order/${assistant.id}/details/1`, client, { locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'Detalle del pedido', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Detalle del pedido | Conversa'));
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
  });
});

describe('the answers to review', () => {
  it('open from the menu and from the dashboard, as "To review | Conversa"', async () => {
    const { client, assistant } = await signedInOwner(api);
    const person = userEvent.setup();
    const view = renderConsole(`/pre-sales/dashboard/${assistant.id}`, client);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await person.click(
      await screen.findByRole('link', { name: 'Review the answers rated down, handed off or not known' }),
    );
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/review/${assistant.id}`));
    expect(await screen.findByRole('heading', { name: 'To review', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('To review | Conversa'));
    expect(await screen.findByText('Nothing to review')).toBeTruthy();

    // Back on the dashboard, the menu's entry leads there too.
    await person.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' }),
    );
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/dashboard/${assistant.id}`));
    await person.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'To review' }),
    );
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/review/${assistant.id}`));
  });
});

describe('failures', () => {
  it('on a 401 clears the session, goes to /login and says the session is no longer valid', async () => {
    const { client, assistant } = await signedInOwner(api);
    // A token the server does not know: the first call (the shell's) answers 401.
    client.session.update({ jwt: `${client.session.getSnapshot().jwt}x` });
    const view = renderConsole(`/pre-sales/dashboard/${assistant.id}`, client);
    expect(await screen.findByText('The session is no longer valid')).toBeTruthy();
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(client.session.getSnapshot().jwt).toBeNull();
    expect(client.session.getSnapshot().isAuthed).toBe(false);
    expect(screen.getAllByText('The session is no longer valid')).toHaveLength(1);
  });

  it('on an idle session says it expired, and after signing in again returns to the page it was on', async () => {
    const { client, assistant, user } = await signedInOwner(api);
    const page = `/pre-sales/dashboard/${assistant.id}`;
    // Half an hour without a request: the server has ended the session.
    api.server.clock.advance(31 * 60_000);
    const view = renderConsole(page, client);
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeTruthy();
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(client.session.getSnapshot().jwt).toBeNull();

    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Log in with your email' }));
    await person.type(await screen.findByLabelText(/^Email/), user.email);
    await person.type(screen.getByLabelText(/^Password/), user.password);
    await person.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(view.location()).toBe(page));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
  });

  it('shows one toast per distinct error text', async () => {
    const { client, assistant } = await signedInOwner(api);
    renderConsole(`/pre-sales/dashboard/${assistant.id}`, client);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    const fail = (path: string) =>
      // @ts-expect-error routes the table lacks do not compile; at run time they answer 404
      act(() => client.endpoint({ method: 'GET', path }).catch(() => undefined));
    await fail('/no-such-endpoint');
    await fail('/no-such-endpoint');
    await fail('/another/missing/one');
    expect(await screen.findByText('Not found')).toBeTruthy();
    // A write's failure reaches the toasts when its caller reports it (forms show theirs in place).
    await act(() =>
      client
        // @ts-expect-error a body the schema refuses (no password), for the server's validation error
        .endpoint(login, { json: { email: 'not-an-email' } })
        .catch((error: unknown) => client.report(error)),
    );
    expect(await screen.findByText('Some fields are not valid. Check them and try again.')).toBeTruthy();
    expect(screen.getAllByText('Not found')).toHaveLength(1);
  });
});
