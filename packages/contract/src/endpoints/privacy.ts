/** Retention, one person's data, and deleting an assistant, an institution or an account (issue 36). */
import { MessageResultSchema } from '../common';
import {
  AccountDeletionSchema,
  DeleteAccountBodySchema,
  DeleteAssistantsBodySchema,
  DeleteInstitutionBodySchema,
  PersonErasedSchema,
  PersonEraseBodySchema,
  PersonExportSchema,
  PersonQuerySchema,
  PersonSummarySchema,
  RetentionBodySchema,
  RetentionSchema,
} from '../privacy';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/privacy';
import { IdParamsSchema, UuidParamsSchema } from './params';

export const privacyEndpoints = {
  getRetention: {
    ...routes.getRetention,
    summary: "The institution's retention periods (null keeps), its time zone, the last run and the next",
    tag: 'privacy',
    access: 'staff',
    scope: 'institution',
    permission: 'institution.read',
    params: IdParamsSchema,
    response: RetentionSchema,
  },
  putRetention: {
    ...routes.putRetention,
    summary:
      'Replace the retention periods: each null (keep) or 30 to 3650 days; the job removes what outlived them, hourly',
    tag: 'privacy',
    access: 'staff',
    scope: 'institution',
    permission: 'team.manage',
    params: IdParamsSchema,
    body: RetentionBodySchema,
    response: RetentionSchema,
  },
  findPerson: {
    ...routes.findPerson,
    summary: 'What the institution holds about one person (by e-mail or phone), as counts with links',
    tag: 'privacy',
    access: 'staff',
    scope: 'institution',
    permission: 'team.manage',
    params: IdParamsSchema,
    query: PersonQuerySchema,
    response: PersonSummarySchema,
  },
  exportPerson: {
    ...routes.exportPerson,
    summary: 'Everything the institution holds about one person, as JSON',
    tag: 'privacy',
    access: 'staff',
    scope: 'institution',
    permission: 'team.manage',
    params: IdParamsSchema,
    query: PersonQuerySchema,
    response: PersonExportSchema,
  },
  erasePerson: {
    ...routes.erasePerson,
    summary:
      "Erase one person's data in one transaction; the audit entry holds a hash and the counts, nothing personal",
    tag: 'privacy',
    access: 'staff',
    scope: 'institution',
    permission: 'team.manage',
    params: IdParamsSchema,
    body: PersonEraseBodySchema,
    response: PersonErasedSchema,
  },
  deleteOwnConversation: {
    ...routes.deleteOwnConversation,
    summary: 'A visitor deletes their own conversation (the guest of that conversation); a new one starts',
    tag: 'chat',
    access: 'guest',
    scope: 'conversation',
    params: UuidParamsSchema,
    response: MessageResultSchema,
  },
  deleteAssistants: {
    ...routes.deleteAssistants,
    summary:
      'Delete assistants of the X-Institution-Id institution with their files (from storage), passages, pages, conversations, records, allowed numbers and channel',
    tag: 'assistant',
    access: 'staff',
    scope: 'institution',
    permission: 'assistant.manage',
    body: DeleteAssistantsBodySchema,
    response: MessageResultSchema,
  },
  deleteInstitution: {
    ...routes.deleteInstitution,
    summary:
      'Delete the institution (main members only), confirmed by its name: its assistants with all they hold, memberships, invitations',
    tag: 'institution',
    access: 'staff',
    scope: 'institution',
    permission: 'institution.delete',
    params: IdParamsSchema,
    body: DeleteInstitutionBodySchema,
    response: MessageResultSchema,
  },
  getAccountDeletion: {
    ...routes.getAccountDeletion,
    summary: 'What deleting your account takes along (institutions where you are alone) and what stops it',
    tag: 'user',
    access: 'staff',
    scope: 'self',
    params: IdParamsSchema,
    response: AccountDeletionSchema,
  },
  deleteAccount: {
    ...routes.deleteAccount,
    summary:
      'Delete your own account (password checked): 409 `last_main` while you are the last main member of an institution with others; institutions where you are alone go with it once named in `confirm_institutions`',
    tag: 'user',
    access: 'staff',
    scope: 'self',
    params: IdParamsSchema,
    body: DeleteAccountBodySchema,
    response: MessageResultSchema,
  },
} as const satisfies Record<string, Endpoint>;
