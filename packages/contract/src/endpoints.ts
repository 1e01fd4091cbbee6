/**
 * Every API endpoint, with its access rule and schemas. The OpenAPI document is generated from this
 * table, and a server test checks that each entry is served and guarded as it says.
 */
import type { GenericSchema } from 'valibot';
import * as v from 'valibot';
import {
  AuthProvidersSchema,
  GoogleLoginBodySchema,
  LoginBodySchema,
  MicrosoftLoginBodySchema,
  SessionSchema,
} from './auth';
import {
  CreateProductBodySchema,
  FaqsSchema,
  InstitutionProductDetailSchema,
  KnowledgeBaseSchema,
  UpdateProductBodySchema,
} from './assistant';
import {
  ChatMessageBodySchema,
  ChatSessionSchema,
  ConversationSchema,
  PublicAssistantSchema,
  WidgetAssistantSchema,
} from './chat';
import { MessageResultSchema } from './common';
import { CountrySchema } from './country';
import {
  CreateInstitutionBodySchema,
  InstitutionListItemSchema,
  InstitutionSchema,
  ListInstitutionsQuerySchema,
  UpdateInstitutionBodySchema,
} from './institution';
import { DeleteFilesBodySchema, FileEventSchema, ProductFileSchema } from './knowledge';
import { InstitutionProductSchema } from './product';
import { ProfileSchema, UpdateProfileBodySchema } from './profile';
import {
  ChangePasswordBodySchema,
  CheckEmailBodySchema,
  CheckEmailResultSchema,
  CreatePasswordBodySchema,
  RegisterByEmailBodySchema,
  RegisterByEmailResultSchema,
  RequestResetBodySchema,
  ResetPasswordBodySchema,
  UserInstitutionSchema,
} from './user';

/**
 * Who may call an endpoint:
 * - `public`: anyone;
 * - `staff`: a signed-in staff token (no institution needed);
 * - `member`: a staff token acting in an institution it belongs to (`X-Institution-Id`), or an admin;
 * - `admin`: the platform admin role;
 * - `guest`: the chat visitor's guest token for this conversation (staff tokens are refused).
 */
export type Access = 'public' | 'staff' | 'member' | 'admin' | 'guest';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under `/api`, OpenAPI style (`/institution/{id}`). */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: GenericSchema;
  query?: GenericSchema;
  response?: GenericSchema;
  /** The answer is a page of a list, with pagination headers. */
  paginated?: boolean;
  /** The body is `multipart/form-data` (uploads) rather than JSON. */
  multipart?: boolean;
  /** The answer is `text/event-stream`; `response` describes the events' data. */
  stream?: boolean;
}

const HealthSchema = v.object({ status: v.literal('ok') });

export const endpoints = {
  health: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database check',
    tag: 'meta',
    access: 'public',
    response: HealthSchema,
  },
  providers: {
    method: 'GET',
    path: '/auth/providers',
    summary: 'Configured third-party sign-in',
    tag: 'auth',
    access: 'public',
    response: AuthProvidersSchema,
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with e-mail and password',
    tag: 'auth',
    access: 'public',
    body: LoginBodySchema,
    response: SessionSchema,
  },
  google: {
    method: 'POST',
    path: '/auth/google',
    summary: 'Sign in with a Google ID token',
    tag: 'auth',
    access: 'public',
    body: GoogleLoginBodySchema,
    response: SessionSchema,
  },
  microsoft: {
    method: 'POST',
    path: '/auth/microsoft',
    summary: 'Sign in with a Microsoft ID token',
    tag: 'auth',
    access: 'public',
    body: MicrosoftLoginBodySchema,
    response: SessionSchema,
  },
  validateToken: {
    method: 'POST',
    path: '/auth/validate-token',
    summary: 'The session of the bearer token',
    tag: 'auth',
    access: 'staff',
    response: SessionSchema,
  },
  checkEmail: {
    method: 'POST',
    path: '/user/check-email',
    summary: 'Whether an account exists for an e-mail',
    tag: 'user',
    access: 'public',
    body: CheckEmailBodySchema,
    response: CheckEmailResultSchema,
  },
  registerByEmail: {
    method: 'POST',
    path: '/user/register-by-email',
    summary: 'Mail a 6-digit sign-up code',
    tag: 'user',
    access: 'public',
    body: RegisterByEmailBodySchema,
    response: RegisterByEmailResultSchema,
  },
  createPassword: {
    method: 'POST',
    path: '/user/create-password',
    summary: 'Create the account with the mailed code',
    tag: 'user',
    access: 'public',
    body: CreatePasswordBodySchema,
    response: SessionSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/user/change-password',
    summary: 'Change the password; other sessions end',
    tag: 'user',
    access: 'staff',
    body: ChangePasswordBodySchema,
    response: MessageResultSchema,
  },
  requestReset: {
    method: 'POST',
    path: '/user/password/request-reset',
    summary: 'Mail a password reset link',
    tag: 'user',
    access: 'public',
    body: RequestResetBodySchema,
    response: MessageResultSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/user/password/reset',
    summary: 'Set a new password with a reset token',
    tag: 'user',
    access: 'public',
    body: ResetPasswordBodySchema,
    response: MessageResultSchema,
  },
  logout: {
    method: 'POST',
    path: '/user/logout',
    summary: 'End this session',
    tag: 'user',
    access: 'staff',
    response: MessageResultSchema,
  },
  updateProfile: {
    method: 'PUT',
    path: '/user/{id}/profile',
    summary: 'Replace your own profile',
    tag: 'user',
    access: 'staff',
    body: UpdateProfileBodySchema,
    response: ProfileSchema,
  },
  userInstitutions: {
    method: 'GET',
    path: '/user/{id}/institution',
    summary: 'Institutions the user belongs to',
    tag: 'user',
    access: 'staff',
    response: v.array(UserInstitutionSchema),
  },
  createInstitution: {
    method: 'POST',
    path: '/institution',
    summary: 'Create an institution; you become its main member',
    tag: 'institution',
    access: 'staff',
    body: CreateInstitutionBodySchema,
    response: InstitutionSchema,
  },
  listInstitutions: {
    method: 'GET',
    path: '/institution',
    summary: 'All institutions (admin), by name',
    tag: 'institution',
    access: 'admin',
    query: ListInstitutionsQuerySchema,
    response: v.array(InstitutionListItemSchema),
    paginated: true,
  },
  getInstitution: {
    method: 'GET',
    path: '/institution/{id}',
    summary: 'One institution',
    tag: 'institution',
    access: 'member',
    response: InstitutionSchema,
  },
  updateInstitution: {
    method: 'PUT',
    path: '/institution/{id}',
    summary: "Replace an institution's details",
    tag: 'institution',
    access: 'member',
    body: UpdateInstitutionBodySchema,
    response: InstitutionSchema,
  },
  institutionProducts: {
    method: 'GET',
    path: '/institution/{id}/product',
    summary: "The institution's products",
    tag: 'product',
    access: 'member',
    response: v.array(InstitutionProductSchema),
  },
  getInstitutionProduct: {
    method: 'GET',
    path: '/institution-product/{id}',
    summary: 'One product, with its assistant settings',
    tag: 'product',
    access: 'member',
    response: InstitutionProductDetailSchema,
  },
  createInstitutionProduct: {
    method: 'POST',
    path: '/institution-product',
    summary: 'Create a product in the X-Institution-Id institution',
    tag: 'product',
    access: 'member',
    body: CreateProductBodySchema,
    response: InstitutionProductDetailSchema,
  },
  updateInstitutionProduct: {
    method: 'PUT',
    path: '/institution-product/{id}',
    summary: "Change a product's name or assistant settings",
    tag: 'product',
    access: 'member',
    body: UpdateProductBodySchema,
    response: InstitutionProductDetailSchema,
  },
  getKnowledgeBase: {
    method: 'GET',
    path: '/institution-product/{id}/knowledge-base',
    summary: "The assistant's knowledge base text",
    tag: 'product',
    access: 'member',
    response: KnowledgeBaseSchema,
  },
  putKnowledgeBase: {
    method: 'PUT',
    path: '/institution-product/{id}/knowledge-base',
    summary: "Replace the assistant's knowledge base text",
    tag: 'product',
    access: 'member',
    body: KnowledgeBaseSchema,
    response: KnowledgeBaseSchema,
  },
  getFaqs: {
    method: 'GET',
    path: '/institution-product/{id}/faq',
    summary: "The assistant's FAQs, in order",
    tag: 'product',
    access: 'member',
    response: FaqsSchema,
  },
  putFaqs: {
    method: 'PUT',
    path: '/institution-product/{id}/faq',
    summary: "Replace all of the assistant's FAQs",
    tag: 'product',
    access: 'member',
    body: FaqsSchema,
    response: FaqsSchema,
  },
  uploadLogo: {
    method: 'POST',
    path: '/institution-product/{id}/logo',
    summary: "Set the assistant's logo (multipart field `logo`: PNG or JPEG under 2 MB)",
    tag: 'product',
    access: 'member',
    multipart: true,
    response: InstitutionProductDetailSchema,
  },
  listFiles: {
    method: 'GET',
    path: '/institution-product/{id}/file',
    summary: "The assistant's uploaded files with their processing state, newest first",
    tag: 'knowledge',
    access: 'member',
    response: v.array(ProductFileSchema),
  },
  uploadFiles: {
    method: 'POST',
    path: '/institution-product/{id}/file',
    summary:
      'Upload TXT, DOCX or PDF files (multipart field `files`, one or many); they are processed in the background',
    tag: 'knowledge',
    access: 'member',
    multipart: true,
    response: v.array(ProductFileSchema),
  },
  deleteFiles: {
    method: 'POST',
    path: '/institution-product/{id}/file/delete',
    summary: 'Delete files and what was learnt from them',
    tag: 'knowledge',
    access: 'member',
    body: DeleteFilesBodySchema,
    response: MessageResultSchema,
  },
  productEvents: {
    method: 'GET',
    path: '/institution-product/{id}/events',
    summary: 'Server-sent events of file changes (`event: file`)',
    tag: 'knowledge',
    access: 'member',
    stream: true,
    response: FileEventSchema,
  },
  publicAssistant: {
    method: 'GET',
    path: '/public/{kind}/{id}',
    summary: 'The public assistant of an institution (kind: admissions or retail)',
    tag: 'chat',
    access: 'public',
    response: PublicAssistantSchema,
  },
  publicSession: {
    method: 'POST',
    path: '/public/{kind}/{id}/session',
    summary: 'Start a conversation: a guest token scoped to this assistant and conversation',
    tag: 'chat',
    access: 'public',
    response: ChatSessionSchema,
  },
  widgetAssistant: {
    method: 'GET',
    path: '/public/assistant/{id}',
    summary: "The assistant of an embed snippet, by its external id (the widget's view)",
    tag: 'chat',
    access: 'public',
    response: WidgetAssistantSchema,
  },
  widgetSession: {
    method: 'POST',
    path: '/public/assistant/{id}/session',
    summary: 'Start a conversation with the assistant of an external id: a guest token',
    tag: 'chat',
    access: 'public',
    response: ChatSessionSchema,
  },
  postMessage: {
    method: 'POST',
    path: '/public/conversation/{id}/message',
    summary: 'Ask; the answer streams as events token, sources, handoff, done or error',
    tag: 'chat',
    access: 'guest',
    body: ChatMessageBodySchema,
    stream: true,
  },
  getConversation: {
    method: 'GET',
    path: '/public/conversation/{id}',
    summary: 'The conversation so far',
    tag: 'chat',
    access: 'guest',
    response: ConversationSchema,
  },
  countries: {
    method: 'GET',
    path: '/country',
    summary: "ISO 3166 countries in the request's language",
    tag: 'country',
    access: 'public',
    response: v.array(CountrySchema),
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
