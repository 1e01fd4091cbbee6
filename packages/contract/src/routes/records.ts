/** Leads and purchase orders as the console works them. */
import type { Route } from './route';

export const listLeads = { method: 'GET', path: '/lead' } as const satisfies Route;
export const createLead = { method: 'POST', path: '/lead' } as const satisfies Route;
export const getLead = { method: 'GET', path: '/lead/{id}' } as const satisfies Route;
export const updateLead = { method: 'PUT', path: '/lead/{id}' } as const satisfies Route;
export const deleteLeads = { method: 'POST', path: '/lead/delete' } as const satisfies Route;
export const downloadLeads = { method: 'GET', path: '/lead/download' } as const satisfies Route;
export const importLeads = { method: 'POST', path: '/lead/import' } as const satisfies Route;
export const getLeadsDashboard = { method: 'GET', path: '/lead/dashboard' } as const satisfies Route;
export const listOrders = { method: 'GET', path: '/order' } as const satisfies Route;
export const createOrder = { method: 'POST', path: '/order' } as const satisfies Route;
export const getOrderDetail = { method: 'GET', path: '/order/{id}/detail' } as const satisfies Route;
export const updateOrder = { method: 'PUT', path: '/order/{id}' } as const satisfies Route;
export const deleteOrders = { method: 'POST', path: '/order/delete' } as const satisfies Route;
export const downloadOrders = { method: 'GET', path: '/order/download' } as const satisfies Route;
export const getOrdersDashboard = { method: 'GET', path: '/order/dashboard' } as const satisfies Route;
