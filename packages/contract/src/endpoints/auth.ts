/** Sign-in endpoints: password, Google, Microsoft, token checks and sign-out. */
import {
  AuthProvidersSchema,
  GoogleLoginBodySchema,
  LoginBodySchema,
  MicrosoftLoginBodySchema,
  SessionSchema,
  SignInNonceSchema,
} from '../auth';
import type { Endpoint } from './endpoint';

export const authEndpoints = {
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
  nonce: {
    method: 'POST',
    path: '/auth/nonce',
    summary: 'A single-use nonce for the next Google or Microsoft sign-in',
    tag: 'auth',
    access: 'public',
    response: SignInNonceSchema,
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
} as const satisfies Record<string, Endpoint>;
