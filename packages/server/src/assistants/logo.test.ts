import type { AssistantDetail } from '@conversa/contract/assistant';
import { LOGO_MAX_BYTES } from '@conversa/contract/constants';
import type { AssistantListItem } from '@conversa/contract/assistant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, guestToken, type Tenant } from '../testing/institutions.fixtures';
import type { TestServer } from '../testing';
import { form, JPEG, logoTenants, PNG, storedKeys, type UploadPart } from '../testing/files.fixtures';
import { LOGO_UPLOADS_PER_HOUR } from '../rate-limit/limits';

let server: TestServer;
let school: Tenant;
let other: Tenant;

beforeAll(async () => {
  ({ server, school, other } = await logoTenants());
});
afterAll(() => server.close());

const logoPath = (tenant: Tenant) => `/api/institution-product/${tenant.assistant.id}/logo`;

function uploadLogo(
  parts: UploadPart[],
  options: { token?: string; institution?: number | null; field?: string; locale?: string } = {},
) {
  return server.call<{
    data: AssistantDetail;
    code?: string;
    issues?: { path: string; code: string; message: string }[];
  }>(logoPath(school), {
    method: 'POST',
    body: form(options.field ?? 'logo', parts),
    token: options.token ?? school.owner.token,
    institution: options.institution === undefined ? school.institution.id : options.institution,
    locale: options.locale,
  });
}

async function currentLogo(): Promise<string | null> {
  const { body } = await server.call<{ data: AssistantDetail }>(
    `/api/institution-product/${school.assistant.id}`,
    {
      token: school.owner.token,
      institution: school.institution.id,
    },
  );
  return body.data.product.logo;
}

describe('POST /api/institution-product/{id}/logo', () => {
  it('stores a PNG and serves it from an absolute public URL, cached for good', async () => {
    const { status, body } = await uploadLogo([{ name: 'logo.png', bytes: PNG, type: 'image/png' }]);
    expect(status).toBe(200);
    const url = body.data.product.logo!;
    expect(url).toMatch(/^http:\/\/conversa\.test\/api\/public\/logo\/[0-9a-f]{32}\.png$/);
    expect(await currentLogo()).toBe(url);
    const list = await server.call<{ data: AssistantListItem[] }>(
      `/api/institution/${school.institution.id}/product`,
      {
        token: school.owner.token,
      },
    );
    expect(list.body.data[0]!.product.logo).toBe(url);

    // Public: no token needed (the widget and public pages show it).
    const served = await server.request(new URL(url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('replaces the logo with a JPEG (sniffed, whatever the name says) and deletes the old file', async () => {
    const before = await currentLogo();
    const { status, body } = await uploadLogo([{ name: 'photo.png', bytes: JPEG, type: 'image/png' }]);
    expect(status).toBe(200);
    const url = body.data.product.logo!;
    expect(url).toMatch(/\/api\/public\/logo\/[0-9a-f]{32}\.jpg$/);
    expect(url).not.toBe(before);
    const served = await server.request(new URL(url).pathname);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await server.request(new URL(before!).pathname)).status).toBe(404);
    expect(storedKeys(server)).toEqual([`logos/${url.split('/').pop()}`]);
  });

  it('refuses spoofed and unsupported images (415) and changes nothing', async () => {
    const before = await currentLogo();
    const keys = storedKeys(server);
    const cases: UploadPart[] = [
      { name: 'logo.png', bytes: '<html><script>alert(document.cookie)</script></html>', type: 'image/png' },
      {
        name: 'logo.png',
        bytes: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        type: 'image/png',
      },
      { name: 'logo.jpg', bytes: 'GIF89a\u0001\u0000\u0001\u0000', type: 'image/jpeg' },
      { name: 'logo.png', bytes: PNG.slice(0, 4), type: 'image/png' },
    ];
    for (const part of cases) {
      const { status, body } = await uploadLogo([part], { locale: 'es' });
      expect(status, String(part.bytes).slice(0, 20)).toBe(415);
      expect(body).toMatchObject({
        code: 'unsupported_media_type',
        issues: [{ path: 'logo', code: 'logo_type', message: 'Solo se permiten archivos JPEG y PNG.' }],
      });
    }
    expect(await currentLogo()).toBe(before);
    expect(storedKeys(server)).toEqual(keys);
  });

  it('refuses a logo over 2 MB (413, naming it) and a missing one (400)', async () => {
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(PNG);
    const { status, body } = await uploadLogo([{ name: 'huge.png', bytes: big }]);
    expect(status).toBe(413);
    expect(body).toMatchObject({
      code: 'payload_too_large',
      issues: [
        { path: 'logo', code: 'file_too_large', message: 'The file huge.png exceeds the 2 MB limit.' },
      ],
    });
    const exact = new Uint8Array(LOGO_MAX_BYTES);
    exact.set(PNG);
    expect((await uploadLogo([{ name: 'exact.png', bytes: exact }])).status).toBe(200);

    for (const [label, parts, field] of [
      ['wrong field', [{ name: 'logo.png', bytes: PNG }], 'image'],
      ['empty file', [{ name: 'logo.png', bytes: new Uint8Array() }], 'logo'],
      ['no parts', [], 'logo'],
    ] as const) {
      const missing = await uploadLogo([...parts], { field });
      expect(missing.status, label).toBe(400);
      expect(missing.body.issues, label).toEqual([
        { path: 'logo', code: 'file_required', message: 'File is required.' },
      ]);
    }
    const json = await server.call(logoPath(school), {
      token: school.owner.token,
      institution: school.institution.id,
      json: { logo: 'x' },
    });
    expect(json.status).toBe(415);
  });

  it('needs assistant.manage; another tenant gets 404 and a chat visitor 403', async () => {
    const before = await currentLogo();
    const trainer = await createMember(server, school.institution.id, 'communication');
    expect((await uploadLogo([{ name: 'a.png', bytes: PNG }], { token: trainer.token })).status).toBe(403);
    for (const institution of [other.institution.id, school.institution.id, null]) {
      const { status } = await uploadLogo([{ name: 'a.png', bytes: PNG }], {
        token: other.owner.token,
        institution,
      });
      expect(status, `header ${institution}`).toBe(404);
    }
    const guest = await guestToken(server, school.assistant.id);
    const asGuest = await uploadLogo([{ name: 'a.png', bytes: PNG }], { token: guest });
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.code).toBe('guest_forbidden');
    expect(await currentLogo()).toBe(before);
  });
});

describe('logo uploads of one institution', () => {
  it('are limited per hour, its assistants’ and its own together: a translated 429, nothing changed', async () => {
    const busy = await createTenant(server, { name: 'Busy School', kind: 'school' });
    const assistantLogo = `/api/institution-product/${busy.assistant.id}/logo`;
    const institutionLogo = `/api/institution/${busy.institution.id}/logo`;
    const post = (tenant: Tenant, path: string, locale?: string) =>
      server.call<{ code?: string; message?: string }>(path, {
        method: 'POST',
        body: form('logo', [{ name: 'logo.png', bytes: PNG, type: 'image/png' }]),
        token: tenant.owner.token,
        institution: tenant.institution.id,
        locale,
      });
    const logos = async () => {
      const read = <T>(path: string) =>
        server.call<{ data: T }>(path, { token: busy.owner.token, institution: busy.institution.id });
      const assistant = await read<AssistantDetail>(`/api/institution-product/${busy.assistant.id}`);
      const institution = await read<{ logo: string | null }>(`/api/institution/${busy.institution.id}`);
      return [assistant.body.data.product.logo, institution.body.data.logo];
    };

    for (let upload = 1; upload <= LOGO_UPLOADS_PER_HOUR; upload++) {
      const { status } = await post(busy, upload % 2 === 0 ? institutionLogo : assistantLogo);
      expect(status, `upload ${upload}`).toBe(200);
    }
    const before = { logos: await logos(), keys: storedKeys(server) };
    for (const path of [assistantLogo, institutionLogo]) {
      const refused = await post(busy, path, 'es');
      expect(refused.status, path).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(/^Demasiados intentos/),
      });
      expect(refused.headers.get('retry-after')).not.toBeNull();
    }
    expect(await logos()).toEqual(before.logos);
    expect(storedKeys(server)).toEqual(before.keys);
    // Another institution's uploads count on their own.
    expect((await post(other, `/api/institution-product/${other.assistant.id}/logo`)).status).toBe(200);
  });
});

describe('GET /api/public/logo/{name}', () => {
  it('answers 404 for unknown or malformed names, never a file outside the logos', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2F..%2Fjwt-secret', 'x.svg', 'logos']) {
      const { status } = await server.call(`/api/public/logo/${name}`);
      expect(status, name).toBe(404);
    }
  });
});
