/**
 * The thumbs pair under an answer, and after a thumbs down an optional "What was wrong?" line
 * (issue 35). Its own chunk: loaded with the first answer shown, so the chat's first open stays
 * within its budget. A new rating replaces the last (the server keeps one per answer).
 */
import type { Rating } from '@conversa/contract/chat';
import { FEEDBACK_REASON_MAX } from '@conversa/contract/constants';
import { storedGuest } from '@conversa/data/chat/guest-conversation';
import { useDataClient } from '@conversa/data/provider';
import { rateAnswer } from '@conversa/data/review/rate-answer';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/** The thumbs' styles: in this chunk, not in the chat's stylesheet (the first open's budget). */
const CSS = `.cv-rate{margin-top:6px;font-size:13px;color:var(--muted)}.cv-rate button[aria-pressed]{border:1px solid var(--line);background:none;border-radius:8px;padding:2px 8px;margin-right:4px;cursor:pointer;font:inherit}.cv-rate button[aria-pressed=true]{border-color:var(--cv-accent);background:var(--bubble)}.cv-rate input{display:block;width:100%;box-sizing:border-box;margin:4px 0;padding:4px 6px;border:1px solid var(--line);border-radius:6px;font:inherit;background:var(--bg);color:var(--fg)}.cv-rate p{margin:4px 0 0}`;
if (typeof document !== 'undefined' && !document.getElementById('cv-rate-css')) {
  const style = document.createElement('style');
  style.id = 'cv-rate-css';
  style.textContent = CSS;
  document.head.append(style);
}

/** Props of `Feedback`: the answer's id and its rating so far. */
export interface FeedbackProps {
  messageId: number;
  rating?: Rating | null;
}

/** The rating controls of one answer. */
export default function Feedback({ messageId, rating: initial = null }: FeedbackProps) {
  const { t } = useLingui();
  const client = useDataClient();
  const [rating, setRating] = useState<Rating | null>(initial);
  const [why, setWhy] = useState<'closed' | 'open' | 'sent'>('closed');
  const [draft, setDraft] = useState('');
  const [failed, setFailed] = useState(false);

  const send = async (value: Rating, reason: string | null) => {
    const conversation = storedGuest(client)?.conversationId;
    if (!conversation) return false;
    try {
      await rateAnswer(client, conversation, { message_id: messageId, rating: value, reason });
      setFailed(false);
      setRating(value);
      return true;
    } catch {
      setFailed(true);
      return false;
    }
  };
  const rate = async (value: Rating) => {
    if (await send(value, null)) setWhy(value === 'down' ? 'open' : 'closed');
  };
  const explain = async () => {
    const reason = draft.trim();
    if (reason && (await send('down', reason))) setWhy('sent');
  };

  return (
    <div className="cv-rate">
      <div role="group" aria-label={t`Rate this answer`}>
        <button type="button" aria-pressed={rating === 'up'} onClick={() => void rate('up')}>
          <span aria-hidden="true">👍</span>
          <span className="cv-sr">{t`Helpful`}</span>
        </button>
        <button type="button" aria-pressed={rating === 'down'} onClick={() => void rate('down')}>
          <span aria-hidden="true">👎</span>
          <span className="cv-sr">{t`Not helpful`}</span>
        </button>
      </div>
      {why === 'open' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void explain();
          }}
        >
          <label>
            {t`What was wrong?`}
            <input
              value={draft}
              maxLength={FEEDBACK_REASON_MAX}
              onInput={(event) => setDraft((event.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" className="cv-link">{t`Send`}</button>
        </form>
      ) : null}
      {why === 'sent' || (rating !== null && why === 'closed' && rating !== initial) ? (
        <p role="status">{t`Thanks!`}</p>
      ) : null}
      {failed ? (
        <p role="alert">{t`The message could not be sent. Check your connection and try again.`}</p>
      ) : null}
    </div>
  );
}
