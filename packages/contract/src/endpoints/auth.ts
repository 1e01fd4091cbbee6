/** Sign-in endpoints: password, Google, Microsoft, token checks and sign-out. */
import {
  AuthProvidersSchema,
  GoogleLoginBodySchema,
  LoginBodySchema,
  MicrosoftLoginBodySchema,
  RenewedTokenSchema,
  SessionSchema,
  SignInNonceSchema,
} from '../auth';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/auth';

export const authEndpoints = {
  providers: {
    ...routes.providers,
    summary: 'Configured third-party sign-in',
    tag: 'auth',
    access: 'public',
    scope: 'none',
    response: AuthProvidersSchema,
  },
  login: {
    ...routes.login,
    summary: 'Sign in with e-mail and password',
    tag: 'auth',
    access: 'public',
    scope: 'none',
    body: LoginBodySchema,
    response: SessionSchema,
  },
  nonce: {
    ...routes.nonce,
    summary: 'A single-use nonce for the next Google or Microsoft sign-in',
    tag: 'auth',
    access: 'public',
    scope: 'none',
    response: SignInNonceSchema,
  },
  google: {
    ...routes.google,
    summary: 'Sign in with a Google ID token',
    tag: 'auth',
    access: 'public',
    scope: 'none',
    body: GoogleLoginBodySchema,
    response: SessionSchema,
  },
  microsoft: {
    ...routes.microsoft,
    summary: 'Sign in with a Microsoft ID token',
    tag: 'auth',
    access: 'public',
    scope: 'none',
    body: MicrosoftLoginBodySchema,
    response: SessionSchema,
  },
  validateToken: {
    ...routes.validateToken,
    summary: 'The session of the bearer token',
    tag: 'auth',
    access: 'staff',
    scope: 'none',
    response: SessionSchema,
  },
  renew: {
    ...routes.renew,
    summary: 'A fresh access token for the bearer token session',
    tag: 'auth',
    access: 'staff',
    scope: 'none',
    response: RenewedTokenSchema,
  },
} as const satisfies Record<string, Endpoint>;
