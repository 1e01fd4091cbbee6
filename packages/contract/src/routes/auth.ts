/** Sign-in routes: password, Google, Microsoft, token checks and renewal. */
import type { Route } from './route';

export const providers = { method: 'GET', path: '/auth/providers' } as const satisfies Route;
export const login = { method: 'POST', path: '/auth/login' } as const satisfies Route;
export const nonce = { method: 'POST', path: '/auth/nonce' } as const satisfies Route;
export const google = { method: 'POST', path: '/auth/google' } as const satisfies Route;
export const microsoft = { method: 'POST', path: '/auth/microsoft' } as const satisfies Route;
export const validateToken = { method: 'POST', path: '/auth/validate-token' } as const satisfies Route;
export const renew = { method: 'POST', path: '/auth/renew' } as const satisfies Route;
