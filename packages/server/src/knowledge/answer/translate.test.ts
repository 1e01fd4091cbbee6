/**
 * Questions in the other language than the knowledge's, with a model (a real HTTP peer): looked up
 * in translation too, answered in the visitor's language from the passages the translation found;
 * no translation asked when the languages agree or no model is set; a failed translation leaves
 * the question as it was.
 */
import type { PreviewAnswer } from '@conversa/contract/conversation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, setKnowledgeBase, startSession } from '../../testing/chat.fixtures';
import { createTenant, type Tenant } from '../../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../../testing';
import { type LlmPeer, startLlmPeer } from '../../testing/llm-peer';

const TRANSLATIONS: Record<string, string> = {
  '¿Cuándo es la jornada de puertas abiertas?': 'When is the open day?',
};

let peer: LlmPeer;
let down = false;
let server: TestServer;
let school: Tenant;

beforeAll(async () => {
  peer = await startLlmPeer({
    down: () => down,
    structured: (call) => {
      const asked = /"""\n([\s\S]*)\n"""/.exec(call.messages.at(-1)!.content)?.[1] ?? '';
      return { translation: TRANSLATIONS[asked] ?? asked };
    },
  });
  server = await createTestServer({ env: { LLM_BASE_URL: peer.url, LLM_MODEL: 'test-model' } });
  school = await createTenant(server, { name: 'Northfield School', kind: 'school' });
  await setKnowledgeBase(
    server,
    school,
    'Open day is on 14 March. Families can visit the classrooms and meet the teachers.\n\n' +
      'The school bus collects students every morning at 7:30 from the town square.\n\n' +
      'Lunch is served in the dining hall at one o’clock, with a vegetarian menu every day.',
  );
});
afterAll(async () => {
  await server.close();
  await peer.close();
});

describe('a question in the other language', () => {
  it('is looked up in translation and answered from what the translation found', async () => {
    const before = peer.structuredCalls.length;
    const session = await startSession(server, school);
    const answer = await ask(server, session, '¿Cuándo es la jornada de puertas abiertas?');
    expect(answer.status).toBe(200);
    const asked = peer.structuredCalls.slice(before);
    expect(asked.map((call) => call.name)).toEqual(['translation']);
    expect(asked[0]!.messages.at(-1)!.content).toContain('¿Cuándo es la jornada de puertas abiertas?');
    expect(asked[0]!.messages[0]!.content).toContain('into English');
    // The model wrote the answer from the passage the translation found.
    expect(peer.calls.at(-1)!.passages.join('\n')).toContain('Open day is on 14 March');
    expect(answer.text).toContain('14 March');
    expect(answer.events.find((event) => event.event === 'sources')!.data).toEqual({
      sources: [{ kind: 'knowledge_base', title: null, file_id: null }],
    });
  });

  it('shows the translation in the trainer’s try-it', async () => {
    const { body } = await server.call<{ data: PreviewAnswer }>(
      `/api/institution-product/${school.assistant.id}/preview`,
      {
        method: 'POST',
        token: school.owner.token,
        institution: school.institution.id,
        json: { text: '¿Cuándo es la jornada de puertas abiertas?' },
      },
    );
    expect(body.data).toMatchObject({ answered: true, method: 'llm', translation: 'When is the open day?' });
  });

  it('asks no translation when the question is in the knowledge’s language', async () => {
    const before = peer.structuredCalls.length;
    const session = await startSession(server, school);
    const answer = await ask(server, session, 'When is the open day?');
    expect(answer.text).toContain('14 March');
    expect(peer.structuredCalls.length).toBe(before);
  });

  it('answers as without a model when the model is down', async () => {
    down = true;
    try {
      const session = await startSession(server, school);
      const answer = await ask(server, session, '¿Cuándo es la jornada de puertas abiertas?');
      expect(answer.status).toBe(200);
      expect(answer.text).toMatch(/^No encontré eso en mi información\./);
    } finally {
      down = false;
    }
  });
});
