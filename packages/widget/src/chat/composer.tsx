/**
 * Where the visitor writes: a textarea (Enter sends, Shift+Enter adds a line) and the send button,
 * with the failure of the last message above it and a retry button: a typed message is never lost.
 */
import { MAX_MESSAGE_LENGTH } from '@conversa/contract/constants';
import { useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';

/** Props of `Composer`. */
export interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends `value`. */
  onSend: () => void;
  /** An answer is streaming: sending waits. */
  busy: boolean;
  /** Why the last message could not be sent; it is back in the input. */
  failure?: string | null;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** The failure (with retry), the input and the send button. */
export function Composer({ value, onChange, onSend, busy, failure, inputRef }: ComposerProps) {
  const { t } = useLingui();
  return (
    <>
      {failure ? (
        <div className="cv-error" role="alert">
          <span>{failure}</span>
          <button type="button" onClick={onSend} disabled={busy}>
            {t`Retry`}
          </button>
        </div>
      ) : null}
      <form
        className="cv-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSend();
        }}
      >
        <textarea
          ref={inputRef}
          rows={1}
          value={value}
          maxLength={MAX_MESSAGE_LENGTH}
          placeholder={t`Type your question`}
          aria-label={t`Type your question`}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              onSend();
            }
          }}
        />
        <button type="submit" disabled={busy || !value.trim()}>
          {t`Send`}
        </button>
      </form>
    </>
  );
}
