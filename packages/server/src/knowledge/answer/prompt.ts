/**
 * The grounded prompt of a generative answer: only the retrieved passages, numbered, with where
 * each comes from; answer in the question's language; say so when unsure rather than guess.
 */
import type { Locale } from '@conversa/contract/constants';
import type { Passage } from '../retrieval';
import type { LlmMessage } from './llm';
import { phrase } from './phrases';

/** One earlier message of the conversation. */
export interface Turn {
  role: 'user' | 'assistant';
  text: string;
}

/** How a passage's origin is named in the prompt. */
function origin(passage: Passage): string {
  const { source } = passage;
  if (source.kind === 'faq') return `FAQ: ${source.title ?? ''}`;
  if (source.kind === 'file') return `File: ${source.title ?? ''}`;
  return 'Knowledge base';
}

/** Characters of one earlier message the model is shown at most (long answers are cut). */
const TURN_CHARS = 1000;

/** The messages for a question answered from passages, in `locale`, after the conversation so far. */
export function groundedPrompt(input: {
  assistantName: string;
  question: string;
  history: Turn[];
  passages: Passage[];
  locale: Locale;
}): LlmMessage[] {
  const numbered = input.passages
    .map((passage, index) => `[${index + 1}] (${origin(passage)})\n${passage.text.trim()}`)
    .join('\n\n');
  // The prompt is in English; the answer's language is named in it.
  const language = phrase(input.locale, 'languageName');
  const system = [
    `You are "${input.assistantName}", an assistant that answers visitors' questions for an institution.`,
    'Answer only with information from the numbered passages below; never use outside knowledge.',
    'If the passages do not answer the question, say that you are not sure and could not find it in your information; do not guess.',
    `Always answer in ${language}, briefly, as plain text.`,
    'Cite the passages you used by their numbers in brackets, like [1].',
    '',
    'Passages:',
    numbered,
  ].join('\n');
  return [
    { role: 'system', content: system },
    ...input.history.map((turn) => ({ role: turn.role, content: turn.text.slice(0, TURN_CHARS) })),
    { role: 'user', content: input.question },
  ];
}
