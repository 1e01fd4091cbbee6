/**
 * The guards' rules (guards.test.ts, guards-rules.test.ts), written apart from the contract's
 * endpoint table: the table makes the routes, so a loosened entry (a weaker permission, a dropped
 * scope, `public` access) would loosen the server with it. Here it fails twice: the entry no longer
 * matches its rule, and the server lets through a caller the rule refuses. Changing a rule is a
 * reviewed change of this file.
 */
import { type Endpoint, type EndpointName, endpoints } from '@conversa/contract/endpoints';
import type { Permission } from '@conversa/contract/roles';

/**
 * Each endpoint's expected rule: `public`, `guest` (its own conversation), `admin`, `staff` (any
 * signed-in user), `self` (the path's user), `metrics` (METRICS_TOKEN, no user), or
 * `<permission>@institution|assistant|conversation`.
 */
export const RULES: Record<EndpointName, string> = {
  health: 'public',
  ready: 'public',
  metrics: 'metrics',
  countries: 'public',
  providers: 'public',
  login: 'public',
  nonce: 'public',
  google: 'public',
  microsoft: 'public',
  validateToken: 'staff',
  renew: 'staff',
  checkEmail: 'public',
  registerByEmail: 'public',
  createPassword: 'public',
  verifyEmail: 'staff',
  changePassword: 'staff',
  requestReset: 'public',
  resetPassword: 'public',
  logout: 'staff',
  updateProfile: 'self',
  userInstitutions: 'self',
  createInstitution: 'staff',
  listInstitutions: 'admin',
  getInstitution: 'institution.read@institution',
  updateInstitution: 'institution.update@institution',
  uploadInstitutionLogo: 'institution.update@institution',
  deleteInstitutionLogo: 'institution.update@institution',
  listAssistants: 'assistant.read@institution',
  getAssistant: 'assistant.read@assistant',
  createAssistant: 'assistant.manage@institution',
  updateAssistant: 'trainer.manage@assistant',
  resendHandoffConfirmation: 'trainer.manage@assistant',
  getKnowledgeBase: 'assistant.read@assistant',
  putKnowledgeBase: 'trainer.manage@assistant',
  getFaqs: 'assistant.read@assistant',
  putFaqs: 'trainer.manage@assistant',
  uploadLogo: 'assistant.manage@assistant',
  listFiles: 'assistant.read@assistant',
  uploadFiles: 'trainer.manage@assistant',
  deleteFiles: 'trainer.manage@assistant',
  listWebsites: 'assistant.read@assistant',
  addWebsite: 'trainer.manage@assistant',
  updateWebsite: 'trainer.manage@assistant',
  syncWebsite: 'trainer.manage@assistant',
  verifyWebsiteOwner: 'trainer.manage@assistant',
  deleteWebsites: 'trainer.manage@assistant',
  listWebsitePages: 'assistant.read@assistant',
  assistantEvents: 'assistant.read@assistant',
  publicAssistant: 'public',
  publicSession: 'public',
  widgetAssistant: 'public',
  widgetSession: 'public',
  postMessage: 'guest',
  getConversation: 'guest',
  listConversations: 'conversation.read@assistant',
  downloadConversations: 'conversation.read@assistant',
  getDashboard: 'conversation.read@assistant',
  previewQuestion: 'trainer.manage@assistant',
  getConversationDetail: 'conversation.read@conversation',
  generateOverview: 'conversation.read@conversation',
  deleteConversations: 'conversation.delete@institution',
  postContact: 'guest',
  requestPerson: 'guest',
  conversationEvents: 'guest',
  takeOverConversation: 'conversation.reply@conversation',
  replyInConversation: 'conversation.reply@conversation',
  signalTyping: 'conversation.reply@conversation',
  releaseConversation: 'conversation.reply@conversation',
  getLiveCounts: 'conversation.read@institution',
  institutionEvents: 'conversation.read@institution',
  listAllowedNumbers: 'whitelist.manage@assistant',
  addAllowedNumber: 'whitelist.manage@institution',
  deleteAllowedNumbers: 'whitelist.manage@institution',
  getWhatsappSettings: 'assistant.manage@assistant',
  updateWhatsappSettings: 'assistant.manage@assistant',
  listFailedReplies: 'assistant.manage@assistant',
  listSellerQuestions: 'whitelist.manage@assistant',
  retryFailedReplies: 'assistant.manage@assistant',
  verifyWhatsappWebhook: 'public',
  receiveWhatsappWebhook: 'public',
  getLeadFields: 'assistant.read@assistant',
  putLeadFields: 'trainer.manage@assistant',
  getOrderFields: 'assistant.read@assistant',
  putOrderFields: 'trainer.manage@assistant',
  listLeads: 'lead.read@institution',
  createLead: 'lead.write@institution',
  getLead: 'lead.read@institution',
  updateLead: 'lead.write@institution',
  deleteLeads: 'lead.write@institution',
  downloadLeads: 'lead.read@institution',
  importLeads: 'lead.write@institution',
  getLeadsDashboard: 'lead.read@institution',
  getOrdersDashboard: 'order.read@institution',
  listOrders: 'order.read@institution',
  createOrder: 'order.write@institution',
  getOrderDetail: 'order.read@institution',
  updateOrder: 'order.write@institution',
  deleteOrders: 'order.write@institution',
  downloadOrders: 'order.read@institution',
  listMembers: 'team.manage@institution',
  updateMember: 'team.manage@institution',
  deleteMembers: 'team.manage@institution',
  listInvitations: 'team.manage@institution',
  createInvitation: 'team.manage@institution',
  resendInvitation: 'team.manage@institution',
  revokeInvitations: 'team.manage@institution',
  getInvitation: 'public',
  acceptInvitation: 'staff',
  getRetention: 'institution.read@institution',
  putRetention: 'team.manage@institution',
  findPerson: 'team.manage@institution',
  exportPerson: 'team.manage@institution',
  erasePerson: 'team.manage@institution',
  deleteOwnConversation: 'guest',
  deleteAssistants: 'assistant.manage@institution',
  deleteInstitution: 'institution.delete@institution',
  getAccountDeletion: 'self',
  deleteAccount: 'self',
  postFeedback: 'guest',
  postCorrection: 'trainer.manage@conversation',
  listReview: 'trainer.manage@assistant',
  dismissReview: 'trainer.manage@assistant',
  getTestQuestions: 'trainer.manage@assistant',
  putTestQuestions: 'trainer.manage@assistant',
  runTestQuestions: 'trainer.manage@assistant',
  listTestRuns: 'trainer.manage@assistant',
};

/** An entry's rule, written as in `RULES`. */
export function ruleOf(endpoint: Endpoint): string {
  if (endpoint.access !== 'staff') return endpoint.access;
  if (
    endpoint.scope === 'institution' ||
    endpoint.scope === 'assistant' ||
    endpoint.scope === 'conversation'
  ) {
    return `${endpoint.permission}@${endpoint.scope}`;
  }
  return endpoint.scope === 'self' ? 'self' : 'staff';
}

export interface Rule {
  kind: 'public' | 'guest' | 'admin' | 'staff' | 'self' | 'metrics' | 'tenant';
  permission?: Permission;
}

export function parseRule(rule: string): Rule {
  const [permission, scope] = rule.split('@');
  return scope ? { kind: 'tenant', permission: permission as Permission } : { kind: rule as Rule['kind'] };
}

/** The contract's endpoint table, as name and entry. */
export const table = Object.entries(endpoints as Record<string, Endpoint>) as [EndpointName, Endpoint][];

/** The endpoints that are not public. */
export const guarded = table.filter(([name]) => RULES[name] !== 'public');
