/**
 * The chat app's entry (`/widget/chat.js`): reads `#conversa-config` and mounts the chat into
 * `#conversa-chat`, in the browser's language. In frame mode it talks with embed.js:
 * `conversa:ready` and `conversa:close` go to the parent page's origin only, and only
 * `conversa:open` from that origin and window is heard.
 */
import { detectLocale } from '@conversa/data/locale';
import { readConfig } from './config';
import { mountChat } from './mount';
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
  if (parent) {
    addEventListener('keydown', (event) => {
      if (event.key === 'Escape') toParent('conversa:close');
    });
  }

  mountChat(root, {
    api: config.api,
    locale: detectLocale(),
    externalId: config.external_id,
    initialAssistant: config.assistant,
    layout: config.mode,
    ...(parent ? { onClose: () => toParent('conversa:close') } : {}),
    focusRef: (next) => (focus = next),
  });
  toParent('conversa:ready');
}
