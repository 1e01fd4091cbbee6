/** Asks before a destructive action (docs/product.md#errors-and-messages: deleting contacts, orders, allowed users, files). */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Dialog } from '../dialog/dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  /** Defaults to 'Delete' for the danger tone and 'Confirm' otherwise. */
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  /** The confirmed action is running: both buttons wait and Escape does nothing. */
  waiting?: boolean;
  /** The confirm button stays off (what is asked below the message is not given yet). */
  confirmDisabled?: boolean;
  /** Asked below the message; a field here that takes the focus keeps it (Cancel does not). */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Cancel gets the initial focus (unless `children` bring a field) so a stray Enter never deletes;
 * Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  waiting = false,
  confirmDisabled = false,
  children,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const cancel = () => {
    if (!waiting) onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={cancel}
      title={title}
      description={message}
      size="small"
      hideCloseButton
      footer={
        <>
          <Button variant="secondary" autoFocus={!children} disabled={waiting} onClick={cancel}>
            {cancelLabel ?? t`Cancel`}
          </Button>
          <Button variant={tone} waiting={waiting} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel ?? (tone === 'danger' ? t`Delete` : t`Confirm`)}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
