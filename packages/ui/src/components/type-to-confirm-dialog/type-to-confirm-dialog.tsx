/**
 * Asks to type a name before deleting what it names (an assistant, an institution): the delete
 * button works only once the typed text is the name, so a stray click or Enter never deletes. A
 * `ConfirmDialog` with the field below its message.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import { TextField } from '../text-field/text-field';

export interface TypeToConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What goes with it, said before the field. */
  message: ReactNode;
  /** The name to type. */
  name: string;
  confirmLabel: string;
  /** The deletion is running. */
  waiting?: boolean;
  /** A translated failure (the server's). */
  error?: string | null;
  onConfirm: (typed: string) => void;
  onCancel: () => void;
}

/** Controlled by `open`; the field empties each time it opens. */
export function TypeToConfirmDialog({
  open,
  title,
  message,
  name,
  confirmLabel,
  waiting = false,
  error = null,
  onConfirm,
  onCancel,
}: TypeToConfirmDialogProps) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  const matches = typed.trim() === name.trim();
  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      waiting={waiting}
      confirmDisabled={!matches}
      onConfirm={() => onConfirm(typed)}
      onCancel={onCancel}
    >
      <TextField
        label={t`Type ${name} to confirm`}
        value={typed}
        onChange={setTyped}
        autoComplete="off"
        autoFocus
        error={error}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && matches && !waiting) onConfirm(typed);
        }}
      />
    </ConfirmDialog>
  );
}
