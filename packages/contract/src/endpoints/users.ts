/** User endpoints: sign-up by e-mail, passwords, profile and the user's institutions. */
import * as v from 'valibot';
import { SessionSchema } from '../auth';
import { MessageResultSchema } from '../common';
import { ProfileSchema, UpdateProfileBodySchema } from '../profile';
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
} from '../user';
import type { Endpoint } from './endpoint';

export const usersEndpoints = {
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
} as const satisfies Record<string, Endpoint>;
