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
import { MessageResultSchema } from './common';
import { CountrySchema } from './country';
import {
  CreateInstitutionBodySchema,
  InstitutionListItemSchema,
  InstitutionSchema,
  ListInstitutionsQuerySchema,
  UpdateInstitutionBodySchema,
} from './institution';
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
 * - `admin`: the platform admin role.
 */
export type Access = 'public' | 'staff' | 'member' | 'admin';

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
