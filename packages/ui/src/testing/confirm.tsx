/** The confirmation dialogs' tests: a dialog rendered with spied callbacks and a user to drive it. */
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { type Mock, vi } from 'vitest';
import { renderUi } from './render';

/** Renders `dialog(handlers)` in `locale`; the spies and the user. */
export function renderConfirm(
  dialog: (handlers: { onConfirm: Mock; onCancel: Mock }) => ReactElement,
  locale: 'en' | 'es' = 'en',
): { onConfirm: Mock; onCancel: Mock; user: UserEvent } {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderUi(dialog({ onConfirm, onCancel }), { locale });
  return { onConfirm, onCancel, user: userEvent.setup() };
}
