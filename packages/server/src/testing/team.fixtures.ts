/** The team's API as its tests call it: as a member of a tenant, its members, invitations and the mailed links. */
import type { Invitation, Member } from '@conversa/contract/team';
import type { Tenant } from './institutions.fixtures';
import type { TestServer } from './index';

export type Answer<T> = {
  data: T;
  code?: string;
  message?: string;
  issues?: { path: string; code: string }[];
};

let n = 0;
/** An address nobody has used yet. */
export const freshEmail = () => `invitee${++n}-${Date.now()}@example.com`;

/** Calls as members of `tenant()` (read when called: tenants are made in `beforeAll`). */
export function teamApi(server: () => TestServer, tenant: () => Tenant) {
  const as = (token: string, institution = tenant().institution.id) => ({ token, institution });
  const call = <T>(path: string, token: string, options: { method?: string; json?: unknown } = {}) =>
    server().call<Answer<T>>(`/api/${path}`, { ...as(token), ...options });
  return {
    as,
    call,
    /** The tenant's members, as its owner (or `token`) lists them. */
    members: async (token = tenant().owner.token) =>
      (await call<Member[]>(`institution/${tenant().institution.id}/member`, token)).body.data,
    /** Invites `email` with `role` to the tenant, as its owner (or `token`). */
    invite: (email: string, role: string, token = tenant().owner.token) =>
      call<Invitation>(`institution/${tenant().institution.id}/invitation`, token, {
        method: 'POST',
        json: { email, role },
      }),
    /** The token of the newest invitation link mailed to `email`, once the mail job ran. */
    async linkTo(email: string): Promise<string> {
      await server().jobs.idle();
      const mail = await server().lastMailTo(email);
      const token = /\/join\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
      if (!token) throw new Error(`no invitation mailed to ${email}`);
      return token;
    },
  };
}
