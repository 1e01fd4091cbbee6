import { useUpModelCalls } from '@conversa/server/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connectedApi, renderConnected } from '../../testing/connected';
import { TryIt } from './try-it';

// A model is configured; the member's calls are used up before any reaches it, so none is needed.
const api = connectedApi({ env: { LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'try-it-limits' } });

describe('TryIt beyond the model limits', () => {
  it("shows the server's 429: the member's AI answers are used up for now, in English and Spanish", async () => {
    const school = await api.signedInOwner('school');
    await api.server.call(`/api/institution-product/${school.assistant.id}/knowledge-base`, {
      ...school.as,
      method: 'PUT',
      json: { text: 'The school bus collects students every morning at 7:30 from the town square.' },
    });
    await useUpModelCalls(api.server, school.user.id);
    for (const [locale, text] of [
      ['en', /^The assistant has used its AI answers for now\. Try again in \d+ min\.$/],
      ['es', /^El asistente ha agotado sus respuestas con IA por ahora\. Vuelve a intentarlo en \d+ min\.$/],
    ] as const) {
      const user = userEvent.setup();
      // The console speaks the member's language, and so do the server's answers.
      school.client.session.update({ locale });
      const { unmount } = renderConnected(<TryIt assistantId={school.assistant.id} />, {
        client: school.client,
        locale,
      });
      const field = screen.getByLabelText(locale === 'en' ? 'Your question' : 'Tu pregunta');
      await user.type(field, 'When does the school bus leave?');
      await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Ask' : 'Preguntar' }));
      expect((await screen.findByRole('alert')).textContent).toMatch(text);
      expect((field as HTMLInputElement).value).toBe('When does the school bus leave?');
      unmount();
    }
  });
});
