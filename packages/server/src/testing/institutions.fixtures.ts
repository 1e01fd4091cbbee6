/** Test fixtures for tenants: an owner, their institution (made through the API) and its assistant. */
import { randomUUID } from 'node:crypto';
import type { CreateInstitutionBody, Institution } from '@conversa/contract/institution';
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { MemberRole } from '@conversa/contract/roles';
import { signGuestToken } from '../auth/tokens';
import { memberships } from '../db/schema';
import { createSignedInUser, type TestServer, type TestUser } from './index';

export interface Tenant {
  owner: TestUser & { token: string };
  institution: Institution;
  assistant: AssistantListItem;
}

/** `POST /api/institution` as a user; fails the test unless it is created. */
export async function postInstitution(
  server: TestServer,
  token: string,
  body: Partial<CreateInstitutionBody> = {},
): Promise<Institution> {
  const { status, body: answer } = await server.call<{ data: Institution }>('/api/institution', {
    token,
    json: { name: `School ${randomUUID().slice(0, 8)}`, kind: 'school', ...body },
  });
  if (status !== 201) throw new Error(`POST /api/institution answered ${status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A fresh owner with a fresh institution and its first assistant. */
export async function createTenant(
  server: TestServer,
  body: Partial<CreateInstitutionBody> = {},
): Promise<Tenant> {
  const owner = await createSignedInUser(server);
  const institution = await postInstitution(server, owner.token, body);
  const { status, body: answer } = await server.call<{ data: AssistantListItem[] }>(
    `/api/institution/${institution.id}/product`,
    { token: owner.token },
  );
  const assistant = answer.data?.[0];
  if (status !== 200 || !assistant)
    throw new Error(`no first assistant: ${status} ${JSON.stringify(answer)}`);
  return { owner, institution, assistant };
}

/** A signed-in user holding a role in an institution (inserted directly). */
export async function createMember(
  server: TestServer,
  institutionId: number,
  role: MemberRole,
): Promise<TestUser & { token: string }> {
  const user = await createSignedInUser(server);
  await server.database.db.insert(memberships).values({ institutionId, userId: user.id, role });
  server.sessionCache.forgetUser(user.id);
  return user;
}

/** A chat visitor's token for an assistant (what the public chat hands out). */
export function guestToken(server: TestServer, assistantId: number): Promise<string> {
  return signGuestToken(server.config.keys.tokenKey, {
    assistantId,
    conversationId: randomUUID(),
    now: server.clock.now(),
  });
}
