/**
 * A person in the conversation (docs/product.md#live-conversations): who answers it now, and for
 * staff who may reply, Take over, a reply box (Enter sends, Shift+Enter starts a new line) and Hand
 * back. Presentational: the page passes the state and the actions.
 */
import { MAX_MESSAGE_LENGTH } from '@conversa/contract/chat';
import type { ConversationState } from '@conversa/contract/conversation';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { Panel, PanelTitle as Title } from '../../primitives/panel';
import { TextArea } from '../../primitives/control';
import { Field } from '../../primitives/field';
import { Button } from '../button/button';

const Status = styled.p<{ $waiting: boolean }>`
  margin: 0;
  font-weight: ${({ $waiting }) => ($waiting ? 700 : 400)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface LivePanelProps {
  state: ConversationState;
  /** The signed-in staff member's id: whether they hold the conversation. */
  userId: number | null;
  /** They may take conversations over and reply (`conversation.reply`). */
  canReply: boolean;
  /** They may take one from a colleague (`team.manage`). */
  canForce: boolean;
  busy?: 'takeover' | 'release' | 'reply' | null;
  onTakeOver: (force: boolean) => void;
  onRelease: () => void;
  /** Sends a reply; resolves true when it was sent (the box then empties). */
  onReply: (text: string) => Promise<boolean>;
  /** The person is writing (the page throttles nothing: the server does). */
  onTyping?: () => void;
}

/** The conversation's live state and the person's controls. */
export function LivePanel({
  state,
  userId,
  canReply,
  canForce,
  busy = null,
  onTakeOver,
  onRelease,
  onReply,
  onTyping,
}: LivePanelProps) {
  const { t } = useLingui();
  const titleId = useId();
  const replyId = useId();
  const [text, setText] = useState('');
  const holder = state.agent?.full_name ?? '';
  const mine = state.status === 'human' && state.agent !== null && state.agent.id === userId;
  const heldByOther = state.status === 'human' && !mine;

  const status =
    state.status === 'waiting'
      ? t`The visitor is waiting for a person.`
      : state.status === 'human'
        ? mine
          ? t`You are answering this conversation.`
          : t`${holder} is answering this conversation.`
        : t`The assistant is answering.`;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || busy === 'reply') return;
    if (await onReply(trimmed)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Panel aria-labelledby={titleId}>
      <Title id={titleId}>{t`Live chat`}</Title>
      <Status role="status" $waiting={state.status === 'waiting'}>
        {status}
      </Status>
      {canReply && mine ? (
        <form onSubmit={(event) => void send(event)}>
          <Field
            id={replyId}
            label={t`Reply to the visitor`}
            hint={t`Enter sends; Shift+Enter starts a new line.`}
          >
            <TextArea
              id={replyId}
              rows={3}
              value={text}
              maxLength={MAX_MESSAGE_LENGTH}
              onChange={(event) => {
                setText(event.target.value);
                onTyping?.();
              }}
              onKeyDown={onKeyDown}
            />
          </Field>
          <Actions>
            <Button type="submit" waiting={busy === 'reply'} disabled={!text.trim()}>
              {t`Send`}
            </Button>
            <Button variant="secondary" waiting={busy === 'release'} onClick={onRelease}>
              {t`Hand back to the assistant`}
            </Button>
          </Actions>
        </form>
      ) : null}
      {canReply && !mine && (!heldByOther || canForce) ? (
        <Actions>
          <Button waiting={busy === 'takeover'} onClick={() => onTakeOver(heldByOther)}>
            {heldByOther ? t`Take over from ${holder}` : t`Take over`}
          </Button>
          {state.status === 'waiting' ? (
            <Button variant="secondary" waiting={busy === 'release'} onClick={onRelease}>
              {t`Let the assistant answer`}
            </Button>
          ) : null}
        </Actions>
      ) : null}
    </Panel>
  );
}
