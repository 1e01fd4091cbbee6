// The widget benchmark's assistant: the admin signed up, a school with its admissions assistant, a
// logo, suggested questions, a greeting and the example site allowed to frame the chat.
import { api, signUpAdmin } from './server.mjs';

/** A 1×1 PNG, the assistant's logo (the app shows it; listed apart from the budget). */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs the admin up, creates a school (its admissions assistant comes with it) and sets the assistant up. */
export async function seed(server) {
  const token = await signUpAdmin(server);
  const institution = await api(server.url, 'POST', '/institution', {
    token,
    body: { name: 'Colegio Ejemplo', kind: 'school', country: 'ES' },
  });
  const headers = { token, institution: institution.id };
  const [assistant] = await api(server.url, 'GET', `/institution/${institution.id}/product`, headers);
  if (!assistant) throw new Error('the new school has no assistant');
  const form = new FormData();
  form.append('logo', new Blob([LOGO], { type: 'image/png' }), 'logo.png');
  const logo = await fetch(`${server.url}/api/institution-product/${assistant.id}/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-institution-id': String(institution.id) },
    body: form,
  });
  if (!logo.ok) throw new Error(`POST logo: ${logo.status} ${await logo.text()}`);
  return {
    token,
    institutionId: institution.id,
    assistantId: assistant.id,
    externalId: assistant.external_id,
  };
}

/** Lets the example site frame the chat, and gives the assistant what a real one shows. */
export async function configure(server, seeded, siteOrigins) {
  await api(server.url, 'PUT', `/institution-product/${seeded.assistantId}`, {
    token: seeded.token,
    institution: seeded.institutionId,
    body: {
      name: 'Admissions assistant',
      public_link_active: true,
      suggested_questions: ['What are the fees?', 'When do applications open?', 'Which documents do I need?'],
      snippet: {
        allowed_origins: siteOrigins,
        color: '#0f766e',
        position: 'right',
        greeting: 'Hello! Ask me about admissions.',
      },
    },
  });
}
