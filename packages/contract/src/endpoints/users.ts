/** User endpoints: sign-up by e-mail, passwords, profile and the user's institutions. */
import * as v from 'valibot';
import { SessionSchema } from '../auth';
import { MessageResultSchema } from '../common';
import { ProfileSchema } from '../profile';
import { UpdateProfileBodySchema } from '../profile-update';
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
  VerifyEmailBodySchema,
} from '../user';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/users';
import { IdParamsSchema } from './params';

export const usersEndpoints = {
  checkEmail: {
    ...routes.checkEmail,
    summary: 'Whether an account exists for an e-mail',
    tag: 'user',
    access: 'public',
    scope: 'none',
    body: CheckEmailBodySchema,
    response: CheckEmailResultSchema,
  },
  registerByEmail: {
    ...routes.registerByEmail,
    summary: 'Mail a 6-digit sign-up code',
    tag: 'user',
    access: 'public',
    scope: 'none',
    body: RegisterByEmailBodySchema,
    response: RegisterByEmailResultSchema,
  },
  createPassword: {
    ...routes.createPassword,
    summary: 'Create the account with the mailed code',
    tag: 'user',
    access: 'public',
    scope: 'none',
    body: CreatePasswordBodySchema,
    response: SessionSchema,
  },
  verifyEmail: {
    ...routes.verifyEmail,
    summary:
      "Prove the signed-in account's address with the code mailed to it (accepting an invitation mails one)",
    tag: 'user',
    access: 'staff',
    scope: 'none',
    body: VerifyEmailBodySchema,
    response: MessageResultSchema,
  },
  changePassword: {
    ...routes.changePassword,
    summary: 'Change the password; other sessions end',
    tag: 'user',
    access: 'staff',
    scope: 'none',
    body: ChangePasswordBodySchema,
    response: MessageResultSchema,
  },
  requestReset: {
    ...routes.requestReset,
    summary: 'Mail a password reset link',
    tag: 'user',
    access: 'public',
    scope: 'none',
    body: RequestResetBodySchema,
    response: MessageResultSchema,
  },
  resetPassword: {
    ...routes.resetPassword,
    summary: 'Set a new password with a reset token',
    tag: 'user',
    access: 'public',
    scope: 'none',
    body: ResetPasswordBodySchema,
    response: MessageResultSchema,
  },
  logout: {
    ...routes.logout,
    summary: 'End this session',
    tag: 'user',
    access: 'staff',
    scope: 'none',
    response: MessageResultSchema,
  },
  updateProfile: {
    ...routes.updateProfile,
    summary: 'Replace your own profile',
    tag: 'user',
    access: 'staff',
    scope: 'self',
    params: IdParamsSchema,
    body: UpdateProfileBodySchema,
    response: ProfileSchema,
  },
  userInstitutions: {
    ...routes.userInstitutions,
    summary: 'Institutions the user belongs to',
    tag: 'user',
    access: 'staff',
    scope: 'self',
    params: IdParamsSchema,
    response: v.array(UserInstitutionSchema),
  },
} as const satisfies Record<string, Endpoint>;
