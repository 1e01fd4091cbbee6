/**
 * A visitor's question in the knowledge's language (docs/architecture.md#knowledge-and-answers):
 * with a model configured, a question asked in one language of a knowledge written in the other
 * ("¿Cuándo es la jornada de puertas abiertas?" of a brochure saying "Open day is on 14 March") is
 * also looked up in translation. One short structured completion, counted in the model budget like
 * any other call; the answer stays in the visitor's language.
 */
import { MAX_MESSAGE_LENGTH } from '@conversa/contract/chat';
import * as v from 'valibot';
import type { LlmConfig } from '../../config';
import type { DetectedLanguage } from '../text/language';
import { type Structured, structuredCompletion } from '../../llm/llm-json';

const LANGUAGE_NAMES: Record<DetectedLanguage, string> = { en: 'English', es: 'Spanish' };

/** The translation asked for: one string, no longer than a question may be. */
export const TRANSLATION: Structured<{ translation: string }> = {
  name: 'translation',
  jsonSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['translation'],
    properties: { translation: { type: 'string' } },
  },
  check: v.object({
    translation: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MAX_MESSAGE_LENGTH)),
  }),
};

/** The question in `to`; throws LlmError. */
export async function translateQuestion(
  config: LlmConfig,
  question: string,
  to: DetectedLanguage,
): Promise<string> {
  const language = LANGUAGE_NAMES[to];
  const { translation } = await structuredCompletion(
    config,
    [
      {
        role: 'system',
        content:
          `Translate the visitor's question into ${language}, as a native speaker would ask it. ` +
          'Keep names, figures and dates as written. Do not answer it. Reply with the JSON asked for.',
      },
      // The visitor's text is data, fenced in its own message: it cannot change the instructions.
      { role: 'user', content: `The question:\n"""\n${question.replaceAll('"""', '"')}\n"""` },
    ],
    TRANSLATION,
  );
  return translation;
}
