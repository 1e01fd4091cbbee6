/**
 * "Delete this conversation" (issue 36): the visitor deletes their own conversation after saying
 * yes; the chat then starts afresh (the next question opens a new conversation).
 */
import { deleteGuestConversation, storedGuest } from '@conversa/data/chat/guest-conversation';
import { useDataClient } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/** Props of `ForgetConversation`. */
export interface ForgetConversationProps {
  /** Called once it is deleted: the chat empties its lines. */
  onDeleted: () => void;
}

/** A small link-like button, then a yes/no question in its place. */
export function ForgetConversation({ onDeleted }: ForgetConversationProps) {
  const { t } = useLingui();
  const client = useDataClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const id = storedGuest(client)?.conversationId;
  if (!id) return null;
  const remove = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await deleteGuestConversation(client, id);
      setAsking(false);
      onDeleted();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="cv-forget">
      {asking ? (
        <div role="group" aria-label={t`Delete this conversation?`}>
          <span>{t`Delete this conversation? It cannot be undone.`}</span>{' '}
          <button type="button" disabled={busy} onClick={() => void remove()}>
            {t`Yes, delete`}
          </button>{' '}
          <button type="button" disabled={busy} autoFocus onClick={() => setAsking(false)}>
            {t`Cancel`}
          </button>
          {failed ? <p role="alert">{t`It could not be deleted. Try again.`}</p> : null}
        </div>
      ) : (
        <button type="button" onClick={() => setAsking(true)}>
          {t`Delete this conversation`}
        </button>
      )}
    </div>
  );
}
