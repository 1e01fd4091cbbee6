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
  onConfirm: () => void;
  onCancel: () => void;
}

/** Cancel gets the initial focus so a stray Enter never deletes; Escape cancels. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  waiting = false,
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
          <Button variant="secondary" autoFocus disabled={waiting} onClick={cancel}>
            {cancelLabel ?? t`Cancel`}
          </Button>
          <Button variant={tone} waiting={waiting} onClick={onConfirm}>
            {confirmLabel ?? (tone === 'danger' ? t`Delete` : t`Confirm`)}
          </Button>
        </>
      }
    />
  );
}
