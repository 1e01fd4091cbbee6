/**
 * embed.js, the target of the embed snippet (docs/architecture.md#the-widget-and-public-pages): a loader of at most 2 KB gzipped, built as an
 * IIFE. It shows the launcher at once (the script is `async`; it never waits for `window.load`), then
 * restyles it with the assistant's colour, side, greeting and name (`GET /api/public/assistant/{id}`).
 * The chat lives in an iframe on the chat host (`/chat/{id}?origin=…`), so the host page never sees the
 * guest token. Once the page has loaded and is idle, that frame is created hidden: the chat app is then
 * fetched and started in the frame's own cache partition (a `modulepreload` from the host page would
 * land in the host site's partition, which the cross-site frame never reads), and a click only shows
 * it. postMessage checks both the origin (the script's own) and the source (its iframe). No
 * dependencies: every byte counts here.
 */

/** Messages of the frame (see the chat app's `frame.ts`). */
interface FrameMessage {
  type?: unknown;
}

(() => {
  const doc = document;
  const script = (doc.currentScript ??
    doc.querySelector('script[data-assistant]')) as HTMLScriptElement | null;
  const id = script?.dataset.assistant;
  if (!script || !id || doc.getElementById('conversa-launcher')) return;
  const host = new URL(script.src).origin;
  const es = /^es\b/i.test(navigator.language);
  let openLabel = es ? 'Abrir chat' : 'Open chat';
  const closeLabel = es ? 'Cerrar chat' : 'Close chat';

  // One stylesheet, scoped by ids; `--c` is the assistant's colour, `.l` puts the launcher on the left.
  const style = doc.createElement('style');
  style.textContent =
    '#conversa-launcher{position:fixed;bottom:20px;right:20px;z-index:2147483000;width:56px;height:56px;' +
    'border:0;border-radius:50%;background:var(--c,#2563eb);color:#fff;cursor:pointer;padding:16px;' +
    'box-shadow:0 4px 14px rgba(0,0,0,.25)}#conversa-launcher:focus-visible{outline:3px solid #000;' +
    'outline-offset:3px}#conversa-frame,#conversa-greeting{position:fixed;bottom:88px;right:20px;' +
    'z-index:2147483000}#conversa-frame{width:380px;height:min(640px,calc(100vh - 110px));border:0;' +
    'border-radius:12px;background:#fff;box-shadow:0 8px 30px rgba(0,0,0,.3)}#conversa-greeting{' +
    'max-width:260px;padding:10px 14px;border-radius:12px;background:#fff;color:#111;font:14px/1.4 ' +
    'system-ui,sans-serif;box-shadow:0 4px 14px rgba(0,0,0,.2)}.l#conversa-launcher,.l#conversa-frame,' +
    '.l#conversa-greeting{right:auto;left:20px}@media (max-width:480px){#conversa-frame,.l#conversa-frame{inset:0;width:100%;' +
    'height:100%;border-radius:0}}';
  doc.head.append(style);

  const button = doc.createElement('button');
  button.id = 'conversa-launcher';
  button.type = 'button';
  button.setAttribute('aria-label', openLabel);
  button.setAttribute('aria-expanded', 'false');
  button.innerHTML =
    '<svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2z"/></svg>';
  // An async script in <head> may run before <body> exists: the launcher then waits for the DOM only.
  if (doc.body) doc.body.append(button);
  else doc.addEventListener('DOMContentLoaded', () => doc.body.append(button));

  let frame: HTMLIFrameElement | null = null;
  let greeting: HTMLElement | null = null;
  let name = '';
  let open = false;
  let ready = false;
  const left = (on: boolean) => [button, frame, greeting].forEach((el) => el?.classList.toggle('l', on));

  /** Sends a message to the frame, only ever to the chat host's origin. */
  const post = (type: string) => frame?.contentWindow?.postMessage({ type }, host);

  /** The chat's frame, created hidden the first time it is needed. */
  const mount = () => {
    if (frame) return frame;
    frame = doc.createElement('iframe');
    frame.id = 'conversa-frame';
    frame.title = name || 'Chat';
    frame.hidden = true;
    frame.src = `${host}/chat/${encodeURIComponent(id)}?origin=${encodeURIComponent(location.origin)}`;
    frame.classList.toggle('l', button.classList.contains('l'));
    doc.body.append(frame);
    return frame;
  };

  const setOpen = (next: boolean) => {
    open = next;
    greeting?.remove();
    mount().hidden = !next;
    button.setAttribute('aria-expanded', String(next));
    button.setAttribute('aria-label', next ? closeLabel : openLabel);
    if (next) {
      // Focus goes to the frame first: a cross-site frame may not take it by itself once it lost it.
      frame?.focus();
      if (ready) post('conversa:open');
    }
    // Focus goes back to the launcher when the chat closes.
    if (!next) button.focus();
  };

  button.addEventListener('click', () => setOpen(!open));
  // Chromium may give the page's focus back to this page while the open chat's frame stays its
  // active element (seen when the hidden cross-site frame is shown under load): the frame's document
  // still believes it has the focus, so its own input.focus() does not reclaim it, and what the
  // visitor types reaches neither page. Hand the focus over again (blur first: focusing the element
  // that is already active would not tell the browser).
  // The same when the frame's chat is ready: the focus given to the frame as it opened went to a
  // document that was still loading (another process for a cross-site frame), and under load the
  // page kept it (seen in a trace: a question typed at once reached no input).
  const handOver = () => {
    if (open && frame && doc.activeElement === frame) {
      frame.blur();
      frame.focus();
    }
  };
  addEventListener('focus', handOver);
  doc.addEventListener('keydown', (event) => {
    if (open && event.key === 'Escape') setOpen(false);
  });
  addEventListener('message', (event: MessageEvent<FrameMessage>) => {
    if (event.origin !== host || !frame || event.source !== frame.contentWindow) return;
    if (event.data?.type === 'conversa:ready') {
      ready = true;
      handOver();
      if (open) post('conversa:open');
    } else if (event.data?.type === 'conversa:close') setOpen(false);
  });

  // The assistant's look; without it the launcher keeps the defaults (an unknown id removes it).
  fetch(`${host}/api/public/assistant/${encodeURIComponent(id)}`)
    .then((response) => {
      if (response.status === 404) button.remove();
      return response.ok ? response.json() : null;
    })
    .then(
      (
        body: {
          data?: { name: string | null; snippet: { color: string; position: string; greeting: string } };
        } | null,
      ) => {
        const data = body?.data;
        if (!data) return;
        button.style.setProperty('--c', data.snippet.color);
        // An inactive assistant comes without a name.
        if (data.name) {
          name = data.name;
          openLabel = `${openLabel}: ${name}`;
          if (!open) button.setAttribute('aria-label', openLabel);
          if (frame) frame.title = name;
        }
        if (data.snippet.greeting && !open) {
          greeting = doc.createElement('div');
          greeting.id = 'conversa-greeting';
          greeting.textContent = data.snippet.greeting;
          doc.body.append(greeting);
        }
        left(data.snippet.position === 'left');
      },
    )
    .catch(() => undefined);

  // The hidden frame once the page has loaded (never delaying its `load`) and is idle: the first open is then instant.
  const idle = () => (window.requestIdleCallback ?? setTimeout)(() => button.isConnected && mount());
  if (doc.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
})();
