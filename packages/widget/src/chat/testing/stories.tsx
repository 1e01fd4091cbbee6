/**
 * Storybook support for the chat's stories: its stylesheet, lingui in the toolbar's language, a box
 * the size of the embedded frame in the toolbar's colour mode, and for the whole chat a data client on
 * `/api` answered by MSW (an assistant, a visitor session and answers streamed as server-sent events).
 */
import type { WidgetAssistant } from '@conversa/contract/chat';
import { createDataClient } from '@conversa/data/client';
import { DataProvider } from '@conversa/data/provider';
import { createSessionStore, memoryStorage } from '@conversa/data/session';
import { I18nProvider } from '@lingui/react';
import type { Decorator } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { useMemo } from 'react';
import { createChatI18n } from '../i18n';
import { CSS } from '../styles';

/** The toolbar's colour mode. */
export const modeOf = (globals: Record<string, unknown>) => (globals.colorMode === 'dark' ? 'dark' : 'light');

/** The embedded frame's size. */
const FRAME_BOX = { width: 380, height: 560 };

/** A box for a story (a story's `parameters.chatBox`), e.g. a public page's window. */
export interface ChatBox {
  width: number | string;
  height: number;
}

/**
 * The chat's CSS and strings, in a box the size of the embedded frame (or the story's `chatBox`);
 * `bare` for the whole chat, which brings its own surface.
 */
export const withChatFrame =
  (bare = false): Decorator =>
  (Story, { globals, parameters }) => (
    <I18nProvider i18n={createChatI18n(globals.locale === 'es' ? 'es' : 'en')}>
      <style>{CSS}</style>
      <div
        style={{
          ...((parameters.chatBox as ChatBox | undefined) ?? FRAME_BOX),
          display: 'flex',
          flexDirection: 'column',
          border: '1px solid #999',
        }}
      >
        {bare ? (
          <Story />
        ) : (
          <div className={`cv-chat cv-${modeOf(globals)}`}>
            <Story />
          </div>
        )}
      </div>
    </I18nProvider>
  );

/** A fresh client for each story, so nothing a visitor did in one shows in the next. */
export const withChatData: Decorator = (Story, context) => {
  const client = useMemo(
    () => createDataClient({ baseUrl: '/api', session: createSessionStore(memoryStorage()) }),
    [context.id],
  );
  return (
    <DataProvider client={client} config={{ shouldRetryOnError: false }}>
      <Story />
    </DataProvider>
  );
};

export const EXTERNAL_ID = 'a1b2c3d4e5';

export const assistant: WidgetAssistant = {
  name: 'Colegio Sol Assistant',
  institution_name: 'Colegio Sol',
  logo: null,
  suggested_questions: [
    'How much is the tuition fee?',
    'When does the school year start?',
    'Is there a school bus?',
  ],
  active: true,
  locale: 'en',
  live_chat: false,
  kind: 'admissions',
  institution_id: 7,
  snippet: {
    color: '#0f766e',
    position: 'right',
    greeting: 'Hi! I answer questions about admissions at Colegio Sol.',
  },
};

/** One server-sent event. */
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The answer to every question, streamed word by word with its sources; `handoff` adds the card. */
function answer(handoff: boolean) {
  const words = 'The tuition fee is **450 euros** a month, with a 10% discount for siblings.'.split(/(?<= )/);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const text of words) {
        controller.enqueue(encoder.encode(sse('token', { text })));
        await delay(60);
      }
      controller.enqueue(
        encoder.encode(
          sse('sources', { sources: [{ kind: 'faq', title: 'Tuition and fees', file_id: null }] }),
        ),
      );
      if (handoff) {
        controller.enqueue(
          encoder.encode(
            sse('handoff', {
              name: 'Ana Ruiz',
              email: 'admisiones@colegiosol.es',
              phone: '+34 600 000 001',
              hours: 'Mon-Fri 9:00-17:00',
              message: 'Our admissions office will gladly help.',
            }),
          ),
        );
      }
      controller.enqueue(encoder.encode(sse('done', { message_id: 2, user_message_id: 1 })));
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

/** MSW handlers of a chat with `found` as its assistant (404 when null). */
export function chatHandlers(
  found: WidgetAssistant | null,
  options: { handoff?: boolean; waiting?: boolean } = {},
) {
  return [
    http.get(`/api/public/assistant/${EXTERNAL_ID}`, async () => {
      if (options.waiting) await delay('infinite');
      return found
        ? HttpResponse.json({ data: found })
        : HttpResponse.json({ code: 'not_found', message: 'Not found' }, { status: 404 });
    }),
    http.post(`/api/public/assistant/${EXTERNAL_ID}/session`, () =>
      HttpResponse.json({ data: { token: 'guest.story.token', conversation_id: 'c-1' } }, { status: 201 }),
    ),
    http.post('/api/public/conversation/c-1/message', () => answer(options.handoff ?? false)),
  ];
}
