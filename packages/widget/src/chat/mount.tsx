/**
 * Renders a chat with everything it needs around it: lingui in the visitor's language and the data
 * layer's provider, with a client whose session store is this assistant's own entry in the chat
 * host's storage (the guest token never reaches the page that embeds the chat).
 */
import type { Locale } from '@conversa/contract/constants';
import { createDataClient } from '@conversa/data/client';
import { DataClientProvider } from '@conversa/data/provider';
import { createSessionStore, defaultStorage, type KeyValueStorage } from '@conversa/data/session';
import { I18nProvider } from '@lingui/react';
import { render } from 'preact';
import { Chat, type ChatProps } from './chat';
import { createChatI18n } from './i18n';

/** Options of `mountChat`. */
export interface MountOptions extends ChatProps {
  /** Where the API lives (`/api`). */
  api: string;
  locale: Locale;
  /** Default: localStorage when the frame may use it, else memory. */
  storage?: KeyValueStorage;
  /** A fetch implementation (tests). */
  fetch?: typeof fetch;
}

/** The storage key of an assistant's visitor session. */
export const chatStorageKey = (externalId: string) => `conversa.chat.${externalId}`;

/** Renders the chat into `target` (again: a fresh client, as after a reload). */
export function mountChat(target: Element, { api, locale, storage, fetch, ...props }: MountOptions): void {
  const client = createDataClient({
    baseUrl: api,
    session: createSessionStore(storage ?? defaultStorage(), chatStorageKey(props.externalId)),
    ...(fetch ? { fetch } : {}),
  });
  render(
    <I18nProvider i18n={createChatI18n(locale)}>
      <DataClientProvider client={client}>
        <Chat {...props} />
      </DataClientProvider>
    </I18nProvider>,
    target,
  );
}
