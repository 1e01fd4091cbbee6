/** The platform's own routes: liveness, readiness, metrics and the country list. */
import type { Route } from './route';

export const health = { method: 'GET', path: '/health' } as const satisfies Route;
export const ready = { method: 'GET', path: '/ready' } as const satisfies Route;
export const metrics = { method: 'GET', path: '/metrics' } as const satisfies Route;
export const countries = { method: 'GET', path: '/country' } as const satisfies Route;
