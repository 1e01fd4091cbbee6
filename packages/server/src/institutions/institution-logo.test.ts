// The institution's logo: uploaded, replaced and removed on About your school (POST
// institution/{id}/logo, .../logo/delete), by the assistant logo's rules, and shown with the
// institution wherever it is read.
import type { Institution } from '@conversa/contract/institution';
import type { UserInstitution } from '@conversa/contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type TestServer } from '../testing';
import { form, JPEG, logoTenants, PNG, storedKeys, type UploadPart } from '../testing/files.fixtures';
import { createMember, type Tenant } from '../testing/institutions.fixtures';

let server: TestServer;
let school: Tenant;
let other: Tenant;

beforeAll(async () => {
  ({ server, school, other } = await logoTenants());
});
afterAll(() => server.close());

type Answer = {
  data: Institution;
  code?: string;
  issues?: { path: string; code: string; message: string }[];
};

const upload = (parts: UploadPart[], options: { token?: string; id?: number; locale?: string } = {}) =>
  server.call<Answer>(`/api/institution/${options.id ?? school.institution.id}/logo`, {
    method: 'POST',
    body: form('logo', parts),
    token: options.token ?? school.owner.token,
    locale: options.locale,
  });

const remove = (options: { token?: string; id?: number } = {}) =>
  server.call<Answer>(`/api/institution/${options.id ?? school.institution.id}/logo/delete`, {
    method: 'POST',
    token: options.token ?? school.owner.token,
  });

const read = async () =>
  (await server.call<Answer>(`/api/institution/${school.institution.id}`, { token: school.owner.token })).body
    .data;

const logoKeys = () => storedKeys(server).filter((key) => key.startsWith('logos/'));

describe('the institution logo', () => {
  it('is uploaded, served from a public URL, replaced (the old file deleted) and removed', async () => {
    const first = await upload([{ name: 'crest.png', bytes: PNG, type: 'image/png' }]);
    expect(first.status).toBe(200);
    const url = first.body.data.logo!;
    expect(url).toMatch(/^http:\/\/conversa\.test\/api\/public\/logo\/[0-9a-f]{32}\.png$/);
    expect((await read()).logo).toBe(url);
    const served = await server.request(new URL(url).pathname);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    // The list of the user's institutions (the sidebar's switcher) shows it too.
    const mine = await server.call<{ data: UserInstitution[] }>(`/api/user/${school.owner.id}/institution`, {
      token: school.owner.token,
    });
    expect(mine.body.data.find((row) => row.id === school.institution.id)?.logo).toBe(url);
    // The public page's header shows it while the assistant has no logo of its own.
    const publicPage = () =>
      server.call<{ data: { logo: string | null } }>(`/api/public/admissions/${school.institution.id}`);
    expect((await publicPage()).body.data.logo).toBe(url);

    const second = await upload([{ name: 'crest.jpg', bytes: JPEG, type: 'image/jpeg' }]);
    expect(second.status).toBe(200);
    expect(second.body.data.logo).toMatch(/\.jpg$/);
    expect(logoKeys()).toEqual([`logos/${second.body.data.logo!.split('/').at(-1)}`]);
    expect((await server.request(new URL(url).pathname)).status).toBe(404);

    const removed = await remove();
    expect(removed.status).toBe(200);
    expect(removed.body.data.logo).toBeNull();
    expect((await read()).logo).toBeNull();
    expect(logoKeys()).toEqual([]);
  });

  it('refuses anything but PNG or JPEG by content, in the caller’s language, and changes nothing', async () => {
    await upload([{ name: 'crest.png', bytes: PNG, type: 'image/png' }]);
    const before = await read();
    const keys = logoKeys();
    const svg = await upload([{ name: 'crest.png', bytes: '<svg onload="alert(1)"/>', type: 'image/png' }], {
      locale: 'es',
    });
    expect(svg.status).toBe(415);
    expect(svg.body.issues).toEqual([
      { path: 'logo', code: 'logo_type', message: 'Solo se permiten archivos JPEG y PNG.' },
    ]);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await upload([{ name: 'huge.png', bytes: big }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.issues?.[0]).toMatchObject({ path: 'logo', code: 'file_too_large' });
    expect((await upload([])).status).toBe(400);
    expect(await read()).toEqual(before);
    expect(logoKeys()).toEqual(keys);
  });

  it('is changed by those who may update the institution, in their own institution only', async () => {
    const agent = await createMember(server, school.institution.id, 'admissions_agent');
    expect((await upload([{ name: 'a.png', bytes: PNG }], { token: agent.token })).status).toBe(403);
    expect((await remove({ token: agent.token })).status).toBe(403);
    const before = await read();
    expect((await upload([{ name: 'a.png', bytes: PNG }], { token: other.owner.token })).status).toBe(404);
    expect((await remove({ token: other.owner.token })).status).toBe(404);
    expect(await read()).toEqual(before);
  });

  it('is changed by a platform admin, who belongs to no institution', async () => {
    const admin = await createSignedInUser(server, { isAdmin: true });
    const set = await upload([{ name: 'a.png', bytes: PNG, type: 'image/png' }], { token: admin.token });
    expect(set.status).toBe(200);
    expect((await read()).logo).toBe(set.body.data.logo);
    expect((await remove({ token: admin.token })).status).toBe(200);
    expect((await read()).logo).toBeNull();
  });
});
