/**
 * The trainer's tabs per console area (docs/product.md#screens-and-routes): pre-sales has Overview · Knowledge base · FAQs ·
 * Files · Handoff details; sales support (no public chat, so no FAQs or handoff) has Overview ·
 * Knowledge base · Files · Fields (what sellers are asked for in a lead or an order). Files is a
 * section of the knowledge-base page, reached by its anchor.
 */
import type { AssistantType } from '@conversa/contract/assistant-type';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { consolePaths, sectionOf } from '../../components/sidebar/paths';

/** One tab of the trainer. */
export type TrainerTab =
  'overview' | 'knowledge-base' | 'faqs' | 'files' | 'handoff' | 'fields' | 'test-questions';

/** The id of the files section on the knowledge-base page (the Files tab's anchor). */
export const FILES_ANCHOR = 'files';

/** A tab as the layout shows it. */
export interface TrainerTabLink {
  tab: TrainerTab;
  label: MessageDescriptor;
  href: string;
}

const labels: Record<TrainerTab, MessageDescriptor> = {
  overview: msg`Overview`,
  'knowledge-base': msg`Knowledge Base`,
  faqs: msg`FAQs`,
  files: msg`Files`,
  handoff: msg`Handoff Details`,
  fields: msg`Fields`,
  'test-questions': msg`Test questions`,
};

/** The paths of an assistant's trainer pages. */
export function trainerPaths(assistant: {
  id: number;
  type: AssistantType;
}): Partial<Record<TrainerTab, string>> {
  const { id } = assistant;
  if (sectionOf(assistant.type) === 'sales-support') {
    const knowledgeBase = consolePaths.salesSupportKnowledgeBase(id);
    return {
      overview: consolePaths.salesSupportTrainer(id),
      'knowledge-base': knowledgeBase,
      files: `${knowledgeBase}#${FILES_ANCHOR}`,
      fields: consolePaths.salesSupportFields(id),
    };
  }
  const knowledgeBase = consolePaths.preSalesKnowledgeBase(id);
  return {
    overview: consolePaths.preSalesTrainer(id),
    'knowledge-base': knowledgeBase,
    faqs: consolePaths.preSalesFaqs(id),
    files: `${knowledgeBase}#${FILES_ANCHOR}`,
    handoff: consolePaths.preSalesHandoff(id),
    'test-questions': consolePaths.preSalesTestQuestions(id),
  };
}

const ORDER: TrainerTab[] = [
  'overview',
  'knowledge-base',
  'faqs',
  'files',
  'handoff',
  'fields',
  'test-questions',
];

/** The tabs of an assistant's trainer, in order. */
export function trainerTabs(assistant: { id: number; type: AssistantType }): TrainerTabLink[] {
  const paths = trainerPaths(assistant);
  return ORDER.flatMap((tab) => {
    const href = paths[tab];
    return href ? [{ tab, label: labels[tab], href }] : [];
  });
}
