/**
 * The trainer's "try it" (docs/architecture.md#conversations): staff ask as a visitor would and get
 * the same answer, with the passages found, which were given to the answer, and how sure it was.
 * It is a conversation like a visitor's (follow-ups read the question before), on the `preview`
 * channel: kept out of the conversation list and the dashboard's figures.
 */
import type { PreviewAnswer, PreviewPassage } from '@conversa/contract/conversation';
import type { Handoff } from '@conversa/contract/assistant';
import type { AnswerTrace, ComposedAnswer } from '../knowledge/answer/compose';

/** Characters of a passage shown under the answer. */
const EXCERPT_CHARS = 280;

/** The start of a text, cut at a word. */
export function excerptOf(text: string, chars = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= chars) return flat;
  const cut = flat.slice(0, chars);
  const space = cut.lastIndexOf(' ');
  return `${(space > chars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The passages of a trace, as the preview shows them. */
function passagesOf(trace: AnswerTrace): PreviewPassage[] {
  const used = new Set(trace.supporting);
  // Those found, then those the ranker gave the answer that full-text search did not find.
  const shown = [...trace.found, ...trace.supporting.filter((passage) => !trace.found.includes(passage))];
  return shown.map((passage) => ({
    source: passage.source,
    excerpt: excerptOf(passage.text),
    hits: passage.hits,
    support: passage.support,
    strong: passage.strong,
    used: used.has(passage),
  }));
}

/** The answer of a preview question as the contract's. */
export function toPreviewAnswer(
  conversationId: string,
  messageId: number,
  answer: ComposedAnswer,
  handoff: Handoff | null,
): PreviewAnswer {
  return {
    conversation_id: conversationId,
    message_id: messageId,
    text: answer.text,
    sources: answer.sources,
    handoff: answer.handoff ? handoff : null,
    answered: answer.answered,
    method: answer.trace.method,
    words: answer.trace.words,
    unknown_words: answer.trace.unknown,
    confidence: answer.trace.confidence,
    needed_confidence: answer.trace.neededConfidence,
    follow_up: answer.trace.followUp,
    translation: answer.trace.translation,
    passages: passagesOf(answer.trace),
  };
}
