/**
 * The only module that imports react-hot-toast. Toasts last 3000 ms (docs/product.md#constants), have no progress
 * bar, and one text is shown once however often it is raised (docs/product.md#errors-and-messages: deduplicated by text).
 */
import { TOAST_DURATION_MS } from '@conversa/contract/constants';
import type { MessageDescriptor } from '@lingui/core';
import toast, { Toaster as HotToaster } from 'react-hot-toast';
import { useTheme } from 'styled-components';
import { i18n as lingui } from '../../i18n/locale';

const textOf = (text: string | MessageDescriptor) => (typeof text === 'string' ? text : lingui._(text));

/** Shows a success toast (a text or a lingui message); the same text already showing is refreshed, not repeated. */
export function notifySuccess(text: string | MessageDescriptor): void {
  const message = textOf(text);
  toast.success(message, { id: message });
}

/** Shows an error toast (announced assertively); deduplicated by text like `notifySuccess`. */
export function notifyError(text: string | MessageDescriptor): void {
  const message = textOf(text);
  toast.error(message, { id: message, ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
}

/** Removes every toast at once (e.g. on sign-out). */
export function clearNotifications(): void {
  toast.remove();
}

/** Mount once near the root of the app; it renders the toasts in the theme's colours. */
export function Toaster() {
  const theme = useTheme();
  return (
    <HotToaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATION_MS,
        style: {
          borderRadius: theme.radius,
          background: theme.colors.surfaceRaised,
          color: theme.colors.text,
          border: `1px solid ${theme.colors.border}`,
          boxShadow: theme.shadow,
          fontFamily: theme.font,
          fontSize: '0.9375rem',
          maxWidth: '28rem',
        },
        success: { iconTheme: { primary: theme.colors.success, secondary: theme.colors.surfaceRaised } },
        error: { iconTheme: { primary: theme.colors.danger, secondary: theme.colors.surfaceRaised } },
      }}
    />
  );
}
