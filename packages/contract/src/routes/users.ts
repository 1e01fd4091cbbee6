/** User routes: sign-up by e-mail, passwords, profile and the user's institutions. */
import type { Route } from './route';

export const checkEmail = { method: 'POST', path: '/user/check-email' } as const satisfies Route;
export const registerByEmail = { method: 'POST', path: '/user/register-by-email' } as const satisfies Route;
export const createPassword = { method: 'POST', path: '/user/create-password' } as const satisfies Route;
export const verifyEmail = { method: 'POST', path: '/user/verify-email' } as const satisfies Route;
export const changePassword = { method: 'POST', path: '/user/change-password' } as const satisfies Route;
export const requestReset = { method: 'POST', path: '/user/password/request-reset' } as const satisfies Route;
export const resetPassword = { method: 'POST', path: '/user/password/reset' } as const satisfies Route;
export const logout = { method: 'POST', path: '/user/logout' } as const satisfies Route;
export const updateProfile = { method: 'PUT', path: '/user/{id}/profile' } as const satisfies Route;
export const userInstitutions = { method: 'GET', path: '/user/{id}/institution' } as const satisfies Route;
