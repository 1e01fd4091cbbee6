/**
 * A question asked in a conversation, the visitor's chat and the trainer's Try it alike
 * (docs/architecture.md#knowledge-and-answers): the last turns read as context, the question stored,
 * the answer composed as events; the caller keeps the answer once it is whole.
 */
import type { ConversationStatus } from '@conversa/contract/chat';
import { LOCALES, type Locale } from '@conversa/contract/constants';
import type { AppDeps } from '../deps';
import { type AnswerEvent, type ComposedAnswer, type ComposeInput, composeAnswer } from '../knowledge';
import { detectLanguage } from '../knowledge';
import { assistantLocale } from '../assistants';
import {
  type AssistantRow,
  type ConversationRow,
  visitorConversationsRepo,
} from './visitor-conversations.repo';

/** Earlier messages an answer is given as context (three questions and their answers). */
export const HISTORY_MESSAGES = 6;

/** A question stored and its answer under way. */
export interface AskedQuestion {
  /** The stored question's message id. */
  userMessageId: number;
  /** The answer's events, returning the answer to keep. Throws AnswerFailedError. */
  answer: AsyncGenerator<AnswerEvent, ComposedAnswer>;
  /**
   * Stores the whole answer; resolves to its message id, or to who answers now when a person took
   * the conversation meanwhile (the answer is then dropped: the assistant never talks over a person).
   */
  keep: (composed: ComposedAnswer) => Promise<number | { status: ConversationStatus }>;
}

/** A question stored for the person who answers the conversation now: the assistant does not. */
export interface HeldQuestion {
  userMessageId: number;
  status: Exclude<ConversationStatus, 'assistant'>;
}

/** Stores `text` as the visitor's next question and starts its answer. */
export async function askInConversation(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock'>,
  repo: ReturnType<typeof visitorConversationsRepo>,
  conversation: ConversationRow,
  text: string,
  { logger, signal, calls }: Pick<ComposeInput, 'logger' | 'signal' | 'calls'>,
): Promise<AskedQuestion | HeldQuestion> {
  const { institutionId, id: conversationId } = conversation;
  if (conversation.status !== 'assistant') {
    const userMessageId = await repo.addMessage({
      institutionId,
      conversationId,
      role: 'user',
      content: text,
      now: deps.clock.now(),
    });
    return { userMessageId, status: conversation.status };
  }
  // A person's replies read as the institution's side of the conversation.
  const history = (await repo.recentMessages(institutionId, conversationId, HISTORY_MESSAGES)).map(
    (message) => ({
      role: message.role === 'agent' ? ('assistant' as const) : message.role,
      text: message.content,
    }),
  );
  const userMessageId = await repo.addMessage({
    institutionId,
    conversationId,
    role: 'user',
    content: text,
    // The conversation's language is the one the visitor writes in (and the answer uses), not the
    // browser's: a question whose language can be told sets it; one that cannot keeps it.
    locale: detectLanguage(text),
    now: deps.clock.now(),
  });
  const answer = composeAnswer({
    db: deps.database.db,
    llm: deps.config.llm,
    logger,
    institutionId,
    assistantId: conversation.assistantId,
    question: text,
    history,
    assistantName: conversation.name,
    website: conversation.website,
    // A question whose language cannot be told (a code, a name) is answered in the visitor's.
    fallbackLocale: LOCALES.includes(conversation.locale as Locale)
      ? (conversation.locale as Locale)
      : assistantLocale(conversation),
    handoff: conversation.handoff,
    signal,
    calls,
  });
  // Under the conversation's row lock: a takeover waits for the answer to be stored, or the answer
  // sees the takeover and is dropped.
  const keep = (composed: ComposedAnswer) =>
    deps.database.db.transaction(async (tx) => {
      const conversations = visitorConversationsRepo(tx);
      const status = await conversations.lockStatus(institutionId, conversationId);
      if (status && status !== 'assistant') return { status };
      return conversations.addMessage({
        institutionId,
        conversationId,
        role: 'assistant',
        content: composed.text,
        sources: composed.sources,
        handoff: composed.handoff,
        answered: composed.answered,
        now: deps.clock.now(),
      });
    });
  return { userMessageId, answer, keep };
}

/**
 * A question answered as a new visitor of the assistant would get it (the first question of a
 * conversation, in the assistant's language when the question's cannot be told), without storing
 * anything: the test questions' runs (review/).
 */
export async function answerOnce(
  deps: Pick<AppDeps, 'config' | 'database'>,
  assistant: AssistantRow,
  question: string,
  { logger, signal, calls }: Pick<ComposeInput, 'logger' | 'signal' | 'calls'>,
): Promise<ComposedAnswer> {
  const answer = composeAnswer({
    db: deps.database.db,
    llm: deps.config.llm,
    logger,
    institutionId: assistant.institutionId,
    assistantId: assistant.assistantId,
    question,
    history: [],
    assistantName: assistant.name,
    website: assistant.website,
    fallbackLocale: assistantLocale(assistant),
    handoff: assistant.handoff,
    signal,
    calls,
  });
  let step = await answer.next();
  while (!step.done) step = await answer.next();
  return step.value;
}
