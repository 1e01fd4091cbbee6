/**
 * An assistant whose public link is off: its public answers and pages say that it is inactive and
 * nothing else (no name, logo, questions or greeting), so walking ids lists no tenant.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WidgetAssistant } from '@conversa/contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';

const NAME = 'Colegio Secreto';
const ASSISTANT = 'Asistente Secreto';
const QUESTION = '¿Cuándo abren las inscripciones?';
const GREETING = 'Hola desde el Colegio Secreto';

let parent: string;
let server: TestServer;
let school: Tenant;

beforeAll(async () => {
  parent = mkdtempSync(path.join(os.tmpdir(), 'conversa-inactive-'));
  mkdirSync(path.join(parent, 'widget'));
  writeFileSync(path.join(parent, 'widget', 'chat.js'), 'export {};');
  server = await createTestServer({ env: { WIDGET_DIR: path.join(parent, 'widget') } });
  school = await createTenant(server, { name: NAME, kind: 'school', country: 'MX' });
  const { status } = await server.call(`/api/institution-product/${school.assistant.id}`, {
    method: 'PUT',
    token: school.owner.token,
    institution: school.institution.id,
    json: {
      name: ASSISTANT,
      suggested_questions: [QUESTION],
      public_link_active: false,
      snippet: { color: '#112233', position: 'left', greeting: GREETING, allowed_origins: [] },
    },
  });
  expect(status).toBe(200);
});
afterAll(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

describe('an inactive assistant in public', () => {
  it('answers GET public/admissions/{id} with active: false and nothing of the assistant', async () => {
    const { status, body } = await server.call(`/api/public/admissions/${school.institution.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        name: null,
        institution_name: null,
        logo: null,
        suggested_questions: [],
        active: false,
        locale: 'es',
        live_chat: false,
      },
    });
  });

  it("answers the widget's GET public/assistant/{external_id} the same way", async () => {
    const { status, body } = await server.call<{ data: WidgetAssistant }>(
      `/api/public/assistant/${school.assistant.external_id}`,
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ name: null, logo: null, suggested_questions: [], active: false });
    expect(body.data.snippet.greeting).toBe('');
    const text = JSON.stringify(body);
    for (const secret of [ASSISTANT, QUESTION, GREETING]) expect(text).not.toContain(secret);
  });

  it('renders public pages that name nothing: a neutral title, no share meta', async () => {
    for (const route of [`/admissions/${school.institution.id}`, `/chat/${school.assistant.external_id}`]) {
      const response = await server.request(route);
      expect(response.status, route).toBe(200);
      const html = await response.text();
      for (const secret of [ASSISTANT, QUESTION, GREETING, NAME]) expect(html, route).not.toContain(secret);
      expect(html, route).toContain('<title>Conversa</title>');
      expect(html, route).not.toContain('og:title');
      expect(html, route).toContain('<meta name="robots" content="noindex" />');
      expect(html, route).toContain('"active":false');
    }
  });
});
