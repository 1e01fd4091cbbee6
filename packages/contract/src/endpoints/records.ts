/** Leads and purchase orders in the console: lists with filters, create, correct, details, bulk delete. */
import * as v from 'valibot';
import { MessageResultSchema } from '../common';
import {
  DeleteRecordsBodySchema,
  LeadBodySchema,
  LeadDetailSchema,
  LeadImportQuerySchema,
  LeadImportResultSchema,
  LeadSchema,
  LeadsDashboardSchema,
  OrderBodySchema,
  OrderDetailSchema,
  OrderSchema,
  OrdersDashboardSchema,
  RecordFiltersSchema,
  RecordsDashboardQuerySchema,
  RecordListQuerySchema,
} from '../records';
import * as routes from '../routes/records';
import type { Endpoint } from './endpoint';
import { IdParamsSchema } from './params';

const staff = { tag: 'sales', access: 'staff', scope: 'institution' } as const;

export const recordsEndpoints = {
  listLeads: {
    ...routes.listLeads,
    ...staff,
    summary:
      "A sales-support assistant's leads, filtered (dates, text, seller, company) and sorted (newest first, or by company)",
    permission: 'lead.read',
    query: RecordListQuerySchema,
    response: v.array(LeadSchema),
    paginated: true,
  },
  createLead: {
    ...routes.createLead,
    ...staff,
    summary: 'Create a lead in the console (the seller is the staff member); configured fields checked',
    permission: 'lead.write',
    body: LeadBodySchema,
    response: LeadSchema,
  },
  getLead: {
    ...routes.getLead,
    ...staff,
    summary: 'A lead with the WhatsApp messages it came from and its history',
    permission: 'lead.read',
    params: IdParamsSchema,
    response: LeadDetailSchema,
  },
  updateLead: {
    ...routes.updateLead,
    ...staff,
    summary: 'Correct a lead; the change goes in its history with its author',
    permission: 'lead.write',
    params: IdParamsSchema,
    body: LeadBodySchema,
    response: LeadSchema,
  },
  deleteLeads: {
    ...routes.deleteLeads,
    ...staff,
    summary: 'Delete leads of the X-Institution-Id institution; any other id refuses the whole request',
    permission: 'lead.write',
    body: DeleteRecordsBodySchema,
    response: MessageResultSchema,
  },
  downloadLeads: {
    ...routes.downloadLeads,
    ...staff,
    summary:
      'The filtered leads as CSV (UTF-8 with BOM, headers in your language, configured fields as columns)',
    permission: 'lead.read',
    query: RecordFiltersSchema,
  },
  importLeads: {
    ...routes.importLeads,
    ...staff,
    summary:
      "Import leads from a CSV (multipart field `file`, up to 10 MB and 20,000 rows; the download's columns in either language, each once, none blank): good rows imported, each refused row reported with its line; `dry_run=true` only checks",
    permission: 'lead.write',
    query: LeadImportQuerySchema,
    multipart: true,
    response: LeadImportResultSchema,
  },
  getLeadsDashboard: {
    ...routes.getLeadsDashboard,
    ...staff,
    summary:
      'Leads over a date range: the total, per day (every day, in `tz`), the top sellers and companies',
    permission: 'lead.read',
    query: RecordsDashboardQuerySchema,
    response: LeadsDashboardSchema,
  },
  listOrders: {
    ...routes.listOrders,
    ...staff,
    summary:
      "A sales-support assistant's orders, filtered (dates, text, seller, company) and sorted (newest first, or by company)",
    permission: 'order.read',
    query: RecordListQuerySchema,
    response: v.array(OrderSchema),
    paginated: true,
  },
  createOrder: {
    ...routes.createOrder,
    ...staff,
    summary: 'Create an order in the console (the seller is the staff member); configured fields checked',
    permission: 'order.write',
    body: OrderBodySchema,
    response: OrderSchema,
  },
  getOrderDetail: {
    ...routes.getOrderDetail,
    ...staff,
    summary: 'An order with its lines, fields, the WhatsApp messages it came from and its history',
    permission: 'order.read',
    params: IdParamsSchema,
    response: OrderDetailSchema,
  },
  updateOrder: {
    ...routes.updateOrder,
    ...staff,
    summary: 'Correct an order; the change goes in its history with its author',
    permission: 'order.write',
    params: IdParamsSchema,
    body: OrderBodySchema,
    response: OrderSchema,
  },
  deleteOrders: {
    ...routes.deleteOrders,
    ...staff,
    summary: 'Delete orders of the X-Institution-Id institution; any other id refuses the whole request',
    permission: 'order.write',
    body: DeleteRecordsBodySchema,
    response: MessageResultSchema,
  },
  downloadOrders: {
    ...routes.downloadOrders,
    ...staff,
    summary: 'The filtered orders as CSV, a row per line (UTF-8 with BOM, headers in your language)',
    permission: 'order.read',
    query: RecordFiltersSchema,
  },
  getOrdersDashboard: {
    ...routes.getOrdersDashboard,
    ...staff,
    summary:
      'Orders over a date range: orders, lines and quantity, per day (every day, in `tz`), the top sellers and companies, the top products by quantity',
    permission: 'order.read',
    query: RecordsDashboardQuerySchema,
    response: OrdersDashboardSchema,
  },
} as const satisfies Record<string, Endpoint>;
