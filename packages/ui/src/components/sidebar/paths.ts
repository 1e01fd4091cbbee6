/** The console's paths (docs/product.md#screens-and-routes), built in one place for the sidebar and the app's routes. */
import type { AssistantType } from '@conversa/contract/assistant-type';
import { conversationPath } from '@conversa/contract/console-paths';

/** The console's two areas: admissions and retail assistants are pre-sales, sales_support is sales support. */
export type ConsoleSection = 'pre-sales' | 'sales-support';

/** The area an assistant type belongs to. */
export function sectionOf(type: AssistantType): ConsoleSection {
  return type === 'sales_support' ? 'sales-support' : 'pre-sales';
}

/** Path builders; `id` is the assistant's id. */
export const consolePaths = {
  root: '/',
  login: '/login',
  resetPassword: '/reset-password',
  setupAssistant: '/setup-assistant',
  preSalesDashboard: (id: number | string) => `/pre-sales/dashboard/${id}`,
  preSalesConversation: conversationPath,
  preSalesTrainer: (id: number | string) => `/pre-sales/trainer/${id}`,
  /** The answers to review (issue 35). */
  preSalesReview: (id: number | string) => `/pre-sales/review/${id}`,
  preSalesKnowledgeBase: (id: number | string) => `/pre-sales/trainer/knowledge-base/${id}`,
  preSalesFaqs: (id: number | string) => `/pre-sales/trainer/faqs/${id}`,
  preSalesHandoff: (id: number | string) => `/pre-sales/trainer/handoff/${id}`,
  preSalesTestQuestions: (id: number | string) => `/pre-sales/trainer/test-questions/${id}`,
  salesSupportTrainer: (id: number | string) => `/sales-support/trainer/${id}`,
  salesSupportKnowledgeBase: (id: number | string) => `/sales-support/knowledge-base/${id}`,
  salesSupportFields: (id: number | string) => `/sales-support/trainer/fields/${id}`,
  salesSupportAllowedNumbers: (id: number | string) => `/sales-support/allowed-numbers/${id}`,
  salesSupportLeads: (id: number | string) => `/sales-support/leads/${id}`,
  salesSupportOrders: (id: number | string) => `/sales-support/orders/${id}`,
  salesSupportLeadsDashboard: (id: number | string) => `/sales-support/leads/${id}/dashboard`,
  salesSupportOrdersDashboard: (id: number | string) => `/sales-support/orders/${id}/dashboard`,
  salesSupportLead: (id: number | string, leadId: number | string) =>
    `/sales-support/lead/${id}/card/${leadId}`,
  salesSupportOrder: (id: number | string, orderId: number | string) =>
    `/sales-support/order/${id}/details/${orderId}`,
  aboutYou: '/profile/about-you',
  aboutYourSchool: '/profile/about-your-school',
  aboutYourBusiness: '/profile/about-your-business',
  password: '/profile/password',
  logout: '/profile/logout',
  changeInstitution: '/change-institution',
  team: '/team',
  data: '/data',
  join: '/join',
} as const;

/** Where an assistant's work starts: its trainer. */
export function trainerPath(assistant: { id: number; type: AssistantType }): string {
  return sectionOf(assistant.type) === 'sales-support'
    ? consolePaths.salesSupportTrainer(assistant.id)
    : consolePaths.preSalesTrainer(assistant.id);
}
