/**
 * The question "delete this conversation?" (issue 36), loaded only when the visitor asks for it
 * (every byte of the chat counts): on yes the visitor's conversation is deleted, and the chat starts
 * afresh (the next question opens a new conversation).
 */
import { deleteGuestConversation } from '@conversa/data/chat/delete-conversation';
import { isApiRequestError } from '@conversa/data/errors';
import { useDataClient } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

/** Props of `ForgetConversation`. */
export interface ForgetConversationProps {
  conversationId: string;
  /** Called once it is deleted: the chat empties its lines. */
  onDeleted: () => void;
  onCancel: () => void;
}

/** Yes or no; after a failure the question stays and yes becomes Retry. */
export default function ForgetConversation({ conversationId, onDeleted, onCancel }: ForgetConversationProps) {
  const { t } = useLingui();
  const client = useDataClient();
  const id = useId();
  const [busy, setBusy] = useState(false);
  // The server's refusal comes translated; without an answer, the retry button says it.
  const [failure, setFailure] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteGuestConversation(client, conversationId);
      onDeleted();
    } catch (thrown) {
      setFailure(isApiRequestError(thrown) && thrown.kind === 'http' ? thrown.message : null);
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <div className="cv-forget" role="group" aria-labelledby={id}>
      <span id={id}>{t`Delete this conversation`}:</span>{' '}
      <button type="button" disabled={busy} onClick={() => void remove()}>
        {failed ? t`Retry` : t`Yes, delete`}
      </button>{' '}
      <button type="button" disabled={busy} autoFocus onClick={onCancel}>
        {t`Cancel`}
      </button>
      {failure ? <p role="alert">{failure}</p> : null}
    </div>
  );
}
