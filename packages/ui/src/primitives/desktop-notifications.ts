/**
 * The browser's desktop notifications for visitors waiting for a person
 * (docs/product.md#live-conversations): asked for once, from a button (browsers want a person's
 * gesture), and shown, when granted, as each conversation starts waiting; a click opens it.
 */
import { useSyncExternalStore } from 'react';

/** The browser's answer so far; `unsupported` where it has no notifications. */
export type NotificationState = NotificationPermission | 'unsupported';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;
const listeners = new Set<() => void>();
const current = (): NotificationState => (supported() ? Notification.permission : 'unsupported');

/** The permission, re-rendering when `askForNotifications` changes it. */
export function useNotificationState(): NotificationState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    () => 'unsupported',
  );
}

/** Asks the browser once (from a click). */
export async function askForNotifications(): Promise<NotificationState> {
  if (!supported()) return 'unsupported';
  await Notification.requestPermission();
  for (const listener of listeners) listener();
  return current();
}

/** Shows one notification when allowed; `onOpen` runs when it is clicked. */
export function notify(title: string, options: { body: string; tag: string; onOpen: () => void }): void {
  if (current() !== 'granted') return;
  const shown = new Notification(title, { body: options.body, tag: options.tag });
  shown.onclick = () => {
    window.focus();
    options.onOpen();
    shown.close();
  };
}
