/** Test fixtures for tenants: an owner, their institution (made through the API) and its product. */
import { randomUUID } from 'node:crypto';
import type { CreateInstitutionBody, Institution } from '@conversa/contract/institution';
import type { InstitutionProduct } from '@conversa/contract/product';
import type { MemberRole } from '@conversa/contract/roles';
import { signGuestToken } from '../auth/tokens';
import { memberships } from '../db/schema';
import { createSignedInUser, type TestServer, type TestUser } from '../testing';

export interface Tenant {
  owner: TestUser & { token: string };
  institution: Institution;
  product: InstitutionProduct;
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

/** A fresh owner with a fresh institution and its first product. */
export async function createTenant(
  server: TestServer,
  body: Partial<CreateInstitutionBody> = {},
): Promise<Tenant> {
  const owner = await createSignedInUser(server);
  const institution = await postInstitution(server, owner.token, body);
  const { status, body: answer } = await server.call<{ data: InstitutionProduct[] }>(
    `/api/institution/${institution.id}/product`,
    { token: owner.token },
  );
  const product = answer.data?.[0];
  if (status !== 200 || !product) throw new Error(`no first product: ${status} ${JSON.stringify(answer)}`);
  return { owner, institution, product };
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

/** A chat visitor's token for a product (what the public chat hands out). */
export function guestToken(server: TestServer, productId: number): Promise<string> {
  return signGuestToken(server.config.keys.tokenKey, {
    productId,
    conversationId: randomUUID(),
    now: server.clock.now(),
  });
}
