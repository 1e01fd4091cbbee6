/**
 * A conversation (`/pre-sales/dashboard/{id}/conversation/{conversationId}`): the transcript as the
 * visitor saw it, the contact they left, and the overview, made when asked for; and a person
 * stepping in (docs/product.md#live-conversations), the transcript following live.
 */
import { TYPING_EVERY_MS } from '@conversa/contract/conversation';
import { formatDateTime } from '@conversa/contract/date-format';
import { useConversation } from '@conversa/data/conversations/get-conversation';
import { useGenerateOverview } from '@conversa/data/conversations/generate-overview';
import {
  signalTyping,
  useReleaseConversation,
  useReplyInConversation,
  useTakeOverConversation,
} from '@conversa/data/conversations/live';
import { useLiveConversations } from '@conversa/data/conversations/live-events';
import { useDataClient, useSession } from '@conversa/data/provider';
import { can } from '@conversa/contract/roles';
import { useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { EmptyState } from '../../components/empty-state/empty-state';
import { LivePanel } from '../../components/live-panel/live-panel';
import { OverviewPanel } from '../../components/overview-panel/overview-panel';
import { consolePaths } from '../../components/sidebar/paths';
import { NavLink } from '../../components/sidebar/nav-link';
import { notifyError } from '../../components/toaster/toaster';
import type { ChatMessage } from '@conversa/contract/chat';
import { Transcript } from '../../components/transcript/transcript';
import { AnswerCorrection } from './answer-correction';
import { Waiting } from '../../components/waiting/waiting';
import { Card, DetailList, PageTitle, SectionHeading, WidePage } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  @media (max-width: 56rem) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface ConversationPageProps {
  assistantId: number;
  conversationId: string;
  onNavigate: (path: string) => void;
}

/** The visitor's question an answer replied to: the last before it. */
function questionBefore(messages: readonly ChatMessage[], answerId: number): string | null {
  const at = messages.findIndex((message) => message.id === answerId);
  return messages.slice(0, at).findLast((message) => message.role === 'user')?.text ?? null;
}

/** Transcript, contact and overview; 'Not found' for a conversation the user cannot see. */
export function ConversationPage({ assistantId, conversationId, onNavigate }: ConversationPageProps) {
  const { t } = useLingui();
  const conversation = useConversation(conversationId);
  const generate = useGenerateOverview(conversationId);
  const failureText = useFailureText();
  const session = useSession();
  const client = useDataClient();
  const takeOver = useTakeOverConversation(conversationId);
  const release = useReleaseConversation(conversationId);
  const reply = useReplyInConversation(conversationId);
  const typedAt = useRef(0);
  useLiveConversations(assistantId, conversationId);

  /** Runs an action, showing its refusal (e.g. a colleague took it first) as a toast. */
  const attempt = async (action: () => Promise<unknown>): Promise<boolean> => {
    try {
      await action();
      return true;
    } catch (error) {
      notifyError(failureText(error));
      return false;
    }
  };
  const onTyping = () => {
    const now = Date.now();
    if (now - typedAt.current < TYPING_EVERY_MS) return;
    typedAt.current = now;
    void signalTyping(client, conversationId).catch(() => undefined);
  };

  const back = (
    <NavLink href={consolePaths.preSalesDashboard(assistantId)} onNavigate={onNavigate}>
      {t`Back to the dashboard`}
    </NavLink>
  );

  const onGenerate = async () => {
    try {
      await generate.trigger();
    } catch (error) {
      notifyError(failureText(error));
    }
  };

  let body;
  const detail = conversation.data;
  if (detail) {
    const contact = detail.contact;
    body = (
      <>
        <Muted>
          {t`Started on ${formatDateTime(detail.started_at)}; last message on ${formatDateTime(detail.last_interaction_at)}.`}
        </Muted>
        <Columns>
          <Card as="section" aria-labelledby="transcript-title">
            <SectionHeading id="transcript-title">{t`Transcript`}</SectionHeading>
            {detail.messages.length === 0 ? (
              <EmptyState title={t`No messages`} />
            ) : (
              <Transcript
                label={t`Messages`}
                messages={detail.messages}
                answerActions={
                  can(session.roles, 'trainer.manage')
                    ? (message) => (
                        <AnswerCorrection
                          assistantId={assistantId}
                          conversationId={conversationId}
                          message={message}
                          question={questionBefore(detail.messages, message.id)}
                        />
                      )
                    : undefined
                }
              />
            )}
          </Card>
          <Side>
            <Card as="section" aria-labelledby="contact-title">
              <SectionHeading id="contact-title">{t`Contact`}</SectionHeading>
              {contact ? (
                <DetailList>
                  <dt>{t`Name`}</dt>
                  <dd>{contact.name}</dd>
                  {contact.email ? (
                    <>
                      <dt>{t`Email`}</dt>
                      <dd>
                        <a href={`mailto:${contact.email}`}>{contact.email}</a>
                      </dd>
                    </>
                  ) : null}
                  {contact.phone ? (
                    <>
                      <dt>{t`Phone`}</dt>
                      <dd>
                        <a href={`tel:${contact.phone}`}>{contact.phone}</a>
                      </dd>
                    </>
                  ) : null}
                  {contact.message ? (
                    <>
                      <dt>{t`Message`}</dt>
                      <dd>{contact.message}</dd>
                    </>
                  ) : null}
                  <dt>{t`Left on`}</dt>
                  <dd>{formatDateTime(contact.created_at)}</dd>
                </DetailList>
              ) : (
                <Muted>{t`The visitor left no contact.`}</Muted>
              )}
            </Card>
            <LivePanel
              state={{ status: detail.status, agent: detail.agent }}
              userId={session.user?.id ?? null}
              canReply={can(session.roles, 'conversation.reply')}
              canForce={can(session.roles, 'team.manage')}
              busy={
                takeOver.isMutating
                  ? 'takeover'
                  : release.isMutating
                    ? 'release'
                    : reply.isMutating
                      ? 'reply'
                      : null
              }
              onTakeOver={(force) => void attempt(() => takeOver.trigger(force))}
              onRelease={() => void attempt(() => release.trigger())}
              onReply={(text) => attempt(() => reply.trigger(text))}
              onTyping={onTyping}
            />
            <OverviewPanel
              overview={detail.overview}
              generating={generate.isMutating}
              onGenerate={() => void onGenerate()}
            />
          </Side>
        </Columns>
      </>
    );
  } else if (
    conversation.error?.status === 404 ||
    conversation.error?.status === 403 ||
    conversation.error?.status === 400
  ) {
    body = (
      <EmptyState title={t`Not found`}>
        {t`This conversation does not exist or belongs to another institution.`}
      </EmptyState>
    );
  } else if (conversation.error) {
    body = (
      <LoadFailed message={failureText(conversation.error)} onRetry={() => void conversation.mutate()} />
    );
  } else {
    body = <Waiting block size="large" label={t`Loading the conversation…`} />;
  }

  return (
    <WidePage aria-labelledby="conversation-title">
      <div>{back}</div>
      <PageTitle id="conversation-title">{t`Conversation`}</PageTitle>
      {body}
    </WidePage>
  );
}
