/**
 * /join in the console against the real server: signed out, someone new signs up through the
 * invitation (the invited address filled in, the mailed code, a password, about you) and lands in
 * the institution with the role; someone with an account logs in on the page and joins. The token
 * stays in the address throughout.
 */
import { randomUUID } from 'node:crypto';
import type { Member } from '@conversa/contract/team';
import { preloadEmailSteps } from '@conversa/ui/features/auth/sign-in-flow';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@conversa/server/testing';
import { renderConsole, resetToasts, signedInOwner, startApi, type TestApi } from '../testing/render-console';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  await preloadEmailSteps();
});
afterAll(() => api.close());
afterEach(resetToasts);

/** Invites `email` into the owner's institution; the link's token, once mailed. */
async function invite(owner: Awaited<ReturnType<typeof signedInOwner>>, email: string, role: string) {
  const sent = await api.server.call(`/api/institution/${owner.institution.id}/invitation`, {
    token: owner.token,
    institution: owner.institution.id,
    json: { email, role },
  });
  expect(sent.status).toBe(201);
  const mail = await api.server.lastMailTo(email);
  return /\/join\?token=([\w-]+)/.exec(mail?.text ?? '')![1]!;
}

const roleOf = async (owner: Awaited<ReturnType<typeof signedInOwner>>, email: string) =>
  (
    await api.server.call<{ data: Member[] }>(`/api/institution/${owner.institution.id}/member`, {
      token: owner.token,
      institution: owner.institution.id,
    })
  ).body.data.find((row) => row.email === email)?.role;

describe('/join', () => {
  it('signs someone new up through the link and lands them in the institution', async () => {
    const user = userEvent.setup();
    const owner = await signedInOwner(api, { name: 'Colegio Río' });
    const email = `nueva-${randomUUID().slice(0, 8)}@example.com`;
    const token = await invite(owner, email, 'admissions');
    const client = api.client();
    const view = renderConsole(`/join?token=${token}`, client);

    expect(await screen.findByText('Colegio Río')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Continue with email' });
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(email);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    let code = '';
    await waitFor(async () => {
      const mail = await api.server.lastMailTo(email);
      code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1] ?? /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
      expect(code).not.toBe('');
    });
    await user.type(screen.getByLabelText(/^Verification code/), code);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/^Password\*?$/), 'Str0ngPass');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Str0ngPass');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'About you' });
    expect(view.location()).toBe(`/join?token=${token}`);
    await user.type(await screen.findByLabelText('First name'), 'Nuria');
    await user.type(screen.getByLabelText('Last name'), 'Vidal');
    await user.type(screen.getByLabelText('Phone number'), '+34 600 000 002');
    await user.selectOptions(screen.getByLabelText('Position'), 'Admissions team');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // No institution to create: the invitation brings one, and the console opens there.
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/trainer/${owner.assistant.id}`));
    expect(client.session.getSnapshot()).toMatchObject({
      institutionId: owner.institution.id,
      roles: ['admissions'],
    });
    expect(await roleOf(owner, email)).toBe('admissions');
  });

  it('logs someone with an account in on the page, then joins', async () => {
    const user = userEvent.setup();
    const owner = await signedInOwner(api, { name: 'Colegio Mar' });
    const existing = await createUser(api.server, {});
    const token = await invite(owner, existing.email, 'admissions');
    const client = api.client();
    const view = renderConsole(`/join?token=${token}`, client);
    await screen.findByRole('heading', { name: 'Log in' });
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(existing.email);
    await user.type(screen.getByLabelText(/^Password/), existing.password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(view.location()).toBe(`/pre-sales/trainer/${owner.assistant.id}`));
    expect(client.session.getSnapshot().institutionId).toBe(owner.institution.id);
    expect(await roleOf(owner, existing.email)).toBe('admissions');
  });
});
