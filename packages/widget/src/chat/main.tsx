/**
 * The chat app's entry (`/widget/chat.js`): reads `#conversa-config`, renders the chat into
 * `#conversa-chat` and, in frame mode, talks with embed.js: `conversa:ready` and `conversa:close` go to
 * the parent page's origin only, and only `conversa:open` from that origin and window is heard.
 */
import { detectLocale } from '@conversa/data/locale';
import { render } from 'preact';
import { Chat } from './app';
import { readConfig } from './config';
import { createChatApi } from './conversation';
import { messagesFor } from './i18n';
import { CSS } from './styles';

const config = readConfig();
const root = document.getElementById('conversa-chat');
if (config && root) {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);

  const parent = config.mode === 'frame' && window.parent !== window ? config.parent_origin : null;
  const toParent = (type: string) => {
    if (parent) window.parent.postMessage({ type }, parent);
  };
  let focus = () => undefined as void;
  addEventListener('message', (event: MessageEvent<{ type?: unknown }>) => {
    if (!parent || event.origin !== parent || event.source !== window.parent) return;
    if (event.data?.type === 'conversa:open') focus();
  });
  if (config.mode === 'frame') {
    addEventListener('keydown', (event) => {
      if (event.key === 'Escape') toParent('conversa:close');
    });
  }

  render(
    <Chat
      config={config}
      api={createChatApi(config.api, config.external_id)}
      t={messagesFor(detectLocale())}
      onClose={() => toParent('conversa:close')}
      focusRef={(next) => (focus = next)}
    />,
    root,
  );
  toParent('conversa:ready');
}
