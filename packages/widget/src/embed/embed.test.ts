/**
 * embed.js's focus hand-over: the open chat's frame keeps the page's focus. Chromium may give the
 * focus back to the host page while the frame stays its active element (the frame's own
 * `input.focus()` cannot reclaim it: its document believes it has it); embed.js then hands it over
 * again, and once more when the chat in the frame is ready; otherwise it leaves the page's focus alone.
 */
import { beforeAll, expect, it } from 'vitest';

let launcher: HTMLButtonElement;
let frame: HTMLIFrameElement;
/** The focus events the frame element gets. */
const seen: string[] = [];

beforeAll(async () => {
  const script = document.createElement('script');
  script.dataset.assistant = 'a1';
  // Nothing listens there: the assistant's look never comes, which changes nothing here.
  script.src = 'http://127.0.0.1:9/embed.js';
  document.head.append(script);
  // @ts-expect-error embed.ts is a script (built as an IIFE), not a module: imported for its effect.
  await import('./embed');
  launcher = document.getElementById('conversa-launcher') as HTMLButtonElement;
});

/** The host window regains the page's focus (what Chromium does in the race). */
const hostWindowFocused = () => window.dispatchEvent(new FocusEvent('focus'));

it('opens the chat with the focus in its frame', () => {
  launcher.click();
  frame = document.getElementById('conversa-frame') as HTMLIFrameElement;
  expect(frame.hidden).toBe(false);
  expect(document.activeElement).toBe(frame);
  for (const type of ['focus', 'blur']) frame.addEventListener(type, () => seen.push(type));
});

it('hands the focus over again when the page takes it while the frame is its active element', () => {
  hostWindowFocused();
  // Blurred first: focusing the element that is already active would not reach the browser.
  expect(seen).toEqual(['blur', 'focus']);
  expect(document.activeElement).toBe(frame);
});

it('hands the focus over again when the chat in the frame is ready', () => {
  seen.length = 0;
  const ready = { type: 'conversa:ready' };
  // From another window or origin, nothing happens.
  window.dispatchEvent(
    new MessageEvent('message', { origin: 'http://127.0.0.1:9', source: window, data: ready }),
  );
  window.dispatchEvent(
    new MessageEvent('message', { origin: 'http://evil.test', source: frame.contentWindow, data: ready }),
  );
  expect(seen).toEqual([]);
  window.dispatchEvent(
    new MessageEvent('message', { origin: 'http://127.0.0.1:9', source: frame.contentWindow, data: ready }),
  );
  expect(seen).toEqual(['blur', 'focus']);
  expect(document.activeElement).toBe(frame);
});

it('leaves the focus where the visitor put it on the page, and on the launcher once closed', () => {
  const field = document.createElement('input');
  document.body.append(field);
  field.focus();
  seen.length = 0;
  hostWindowFocused();
  expect(document.activeElement).toBe(field);

  launcher.click();
  expect(frame.hidden).toBe(true);
  expect(document.activeElement).toBe(launcher);
  hostWindowFocused();
  expect(document.activeElement).toBe(launcher);
  expect(seen).toEqual([]);
});
