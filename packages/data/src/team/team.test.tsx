/**
 * The team in the data layer against the real server in-process: a main member invites a colleague
 * (the list the hook shows grows; the same address twice is a 409 with its code), the link's public
 * preview, the colleague joins through it and the session acts there with the role; a role change,
 * the last main member kept, a removal ending access (the removed member's session moving to an
 * institution they still belong to); resend and revoke.
 */
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataClient } from '../client';
import { createInstitution } from '../institutions/create-institution';
import { getInstitution } from '../institutions/get-institution';
import { membershipCheck } from '../institutions/membership';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import {
  acceptInvitation,
  createInvitation,
  getInvitation,
  listInvitations,
  resendInvitation,
  revokeInvitations,
  useInvitations,
} from './invitations';
import { verifyEmail } from '../users/verify-email';
import { deleteMembers, listMembers, updateMember, useMembers } from './members';

let api: TestApi;
let owner: DataClient;
let institutionId: number;
beforeAll(async () => {
  api = await startApi();
  ({ client: owner } = await api.signedIn());
  institutionId = (await createInstitution(owner, { name: 'Acme Equipo', kind: 'school' })).id;
});
afterAll(() => api.close());

/** The token of the newest invitation link mailed to `email`. */
async function linkTo(email: string): Promise<string> {
  const mail = await api.server.lastMailTo(email);
  const token = /\/join\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

describe('team', () => {
  it('invites a colleague who joins through the link and then acts in the institution', async () => {
    const colleague = await api.signedIn();
    const invitations = renderHook(() => snapshot(useInvitations()), { wrapper: dataWrapper(owner) });
    await until(() => invitations.result.current.data?.length === 0);

    const sent = await createInvitation(owner, {
      institutionId,
      email: colleague.user.email,
      role: 'admissions_agent',
    });
    expect(sent).toMatchObject({ email: colleague.user.email, role: 'admissions_agent', state: 'pending' });
    await until(() => invitations.result.current.data?.length === 1);
    await expect(
      createInvitation(owner, { institutionId, email: colleague.user.email, role: 'admissions' }),
    ).rejects.toMatchObject({ status: 409, code: 'already_invited' });

    const token = await linkTo(colleague.user.email);
    // Signed out, the link says what it offers.
    expect(await getInvitation(api.client(), token)).toEqual({
      institution_name: 'Acme Equipo',
      role: 'admissions_agent',
      email: colleague.user.email,
      has_account: true,
      state: 'pending',
    });

    const joined = await acceptInvitation(colleague.client, token);
    expect(joined).toEqual({ institution_id: institutionId, role: 'admissions_agent' });
    expect(colleague.client.session.getSnapshot()).toMatchObject({
      institutionId,
      roles: ['admissions_agent'],
    });
    expect(await getInstitution(colleague.client, institutionId)).toMatchObject({ name: 'Acme Equipo' });
    expect((await getInvitation(api.client(), token)).state).toBe('accepted');
    await expect(acceptInvitation(colleague.client, token)).rejects.toMatchObject({
      status: 409,
      code: 'invitation_unusable',
    });
    // Accepted, it leaves the pending list; the colleague is a member now.
    expect(await listInvitations(owner, institutionId)).toEqual([]);
    await expect(
      createInvitation(owner, { institutionId, email: colleague.user.email, role: 'admissions' }),
    ).rejects.toMatchObject({ status: 409, code: 'already_member' });
  });

  it('has a colleague whose address was never proved enter the mailed code before joining', async () => {
    const colleague = await api.signedIn({ emailVerified: false });
    await createInvitation(owner, { institutionId, email: colleague.user.email, role: 'communication' });
    const token = await linkTo(colleague.user.email);
    await expect(acceptInvitation(colleague.client, token)).rejects.toMatchObject({
      status: 403,
      code: 'email_unverified',
    });
    const code = /\b(\d{6})\b/.exec((await api.server.lastMailTo(colleague.user.email))?.text ?? '')?.[1];
    await expect(
      verifyEmail(colleague.client, { code: code === '000000' ? '000001' : '000000' }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_verification_code' });
    expect(await verifyEmail(colleague.client, { code: code! })).toMatchObject({ code: 'email_verified' });
    expect(await acceptInvitation(colleague.client, token)).toEqual({
      institution_id: institutionId,
      role: 'communication',
    });
  });

  it('changes a role, keeps the last main member, and removes a member whose access ends', async () => {
    const colleague = await api.signedIn();
    await createInvitation(owner, { institutionId, email: colleague.user.email, role: 'communication' });
    await acceptInvitation(colleague.client, await linkTo(colleague.user.email));

    const shown = renderHook(() => snapshot(useMembers()), { wrapper: dataWrapper(owner) });
    await until(() => shown.result.current.data?.some((row) => row.user_id === colleague.user.id) === true);
    expect(shown.result.current.data?.find((row) => row.user_id === colleague.user.id)).toMatchObject({
      email: colleague.user.email,
      role: 'communication',
    });

    const changed = await updateMember(owner, {
      institutionId,
      userId: colleague.user.id,
      role: 'admissions',
    });
    expect(changed.role).toBe('admissions');
    await until(
      () =>
        shown.result.current.data?.find((row) => row.user_id === colleague.user.id)?.role === 'admissions',
    );
    const ownerId = (await listMembers(owner, institutionId)).find((row) => row.role === 'main')!.user_id;
    await expect(
      updateMember(owner, { institutionId, userId: ownerId, role: 'admin-staff' }),
    ).rejects.toMatchObject({ status: 409, code: 'last_main' });

    const removed = await deleteMembers(owner, { institutionId, userIds: [colleague.user.id] });
    expect(removed.code).toBe('deleted');
    await until(() => shown.result.current.data?.every((row) => row.user_id !== colleague.user.id) === true);
    await expect(getInstitution(colleague.client, institutionId)).rejects.toMatchObject({ status: 404 });
  });

  it("moves a removed member's session to their own institution, with no error to show", async () => {
    const colleague = await api.signedIn();
    const own = await createInstitution(colleague.client, { name: 'Colegio Propio', kind: 'school' });
    await createInvitation(owner, { institutionId, email: colleague.user.email, role: 'admissions' });
    await acceptInvitation(colleague.client, await linkTo(colleague.user.email));
    expect(colleague.client.session.getSnapshot().institutionId).toBe(institutionId);
    const onError = vi.fn();
    const onInstitutionLost = vi.fn();
    colleague.client.setHandlers({
      onError,
      onInstitutionNotFound: membershipCheck(colleague.client, onInstitutionLost),
    });
    colleague.client.cache.set('["from before"]', { data: 1 });

    // Still a member: a 404 is a 404, shown as ever.
    await expect(getInstitution(colleague.client, 999_999)).rejects.toMatchObject({
      status: 404,
      institutionLost: false,
    });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(colleague.client.session.getSnapshot().institutionId).toBe(institutionId);

    await deleteMembers(owner, { institutionId, userIds: [colleague.user.id] });
    const lost = await Promise.allSettled([
      getInstitution(colleague.client, institutionId),
      getInstitution(colleague.client, institutionId),
    ]);
    expect(lost.map((result) => result.status === 'rejected' && result.reason)).toEqual([
      expect.objectContaining({ status: 404, institutionLost: true }),
      expect.objectContaining({ status: 404, institutionLost: true }),
    ]);
    expect(colleague.client.session.getSnapshot()).toMatchObject({ institutionId: own.id, roles: ['main'] });
    expect(onInstitutionLost).toHaveBeenCalledTimes(1);
    expect(onInstitutionLost).toHaveBeenCalledWith(expect.objectContaining({ id: own.id, role: 'main' }));
    expect(onError).toHaveBeenCalledTimes(1);
    expect([...colleague.client.cache.keys()]).toEqual([]);
    expect(await getInstitution(colleague.client, own.id)).toMatchObject({ name: 'Colegio Propio' });
  });

  it('leaves a member removed from their only institution acting in none', async () => {
    const colleague = await api.signedIn();
    await createInvitation(owner, { institutionId, email: colleague.user.email, role: 'communication' });
    await acceptInvitation(colleague.client, await linkTo(colleague.user.email));
    const onInstitutionLost = vi.fn();
    const onError = vi.fn();
    colleague.client.setHandlers({
      onError,
      onInstitutionNotFound: membershipCheck(colleague.client, onInstitutionLost),
    });
    await deleteMembers(owner, { institutionId, userIds: [colleague.user.id] });
    await expect(getInstitution(colleague.client, institutionId)).rejects.toMatchObject({
      institutionLost: true,
    });
    expect(colleague.client.session.getSnapshot()).toMatchObject({ institutionId: null, roles: [] });
    expect(onInstitutionLost).toHaveBeenCalledWith(null);
    // The page of the lost institution asks again before the app has moved on (its hooks re-render
    // with the session, which acts in no institution now): a 404 of that page, not shown.
    await expect(getInstitution(colleague.client, institutionId)).rejects.toMatchObject({
      status: 404,
      institutionLost: true,
    });
    expect(onError).not.toHaveBeenCalled();
    expect(onInstitutionLost).toHaveBeenCalledTimes(1);
  });

  it('sends an invitation again with a new link and revokes it', async () => {
    const email = `nuevo-${Date.now()}@example.com`;
    const sent = await createInvitation(owner, { institutionId, email, role: 'lead_entry_agent' });
    const first = await linkTo(email);
    const again = await resendInvitation(owner, sent.id);
    expect(again.id).toBe(sent.id);
    const second = await linkTo(email);
    expect(second).not.toBe(first);
    await expect(getInvitation(api.client(), first)).rejects.toMatchObject({ status: 404 });
    expect(await getInvitation(api.client(), second)).toMatchObject({ has_account: false, state: 'pending' });

    expect((await revokeInvitations(owner, [sent.id])).code).toBe('deleted');
    expect((await listInvitations(owner, institutionId)).map((row) => row.id)).not.toContain(sent.id);
    expect((await getInvitation(api.client(), second)).state).toBe('revoked');
  });
});
