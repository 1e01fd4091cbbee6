/** The sales-support data tests' setup: the real API, and a signed-in owner of a business with a sales-support assistant. */
import { afterAll, beforeAll } from 'vitest';
import { createAssistant } from '../assistants/create-assistant';
import type { DataClient } from '../client';
import { createInstitution } from '../institutions/create-institution';
import { startApi, type TestApi } from './api';

/** Starts the API for the file (before its tests) and closes it after; `ctx` is filled then. */
export function salesApi(institution: string) {
  const ctx = {} as { api: TestApi; staff: DataClient; assistantId: number };
  beforeAll(async () => {
    ctx.api = await startApi();
    ({ client: ctx.staff } = await ctx.api.signedIn());
    await createInstitution(ctx.staff, { name: institution, kind: 'business', country: 'ES' });
    ctx.assistantId = (await createAssistant(ctx.staff, { type: 'sales_support', name: 'Acme Ventas' })).id;
  });
  afterAll(() => ctx.api.close());
  return ctx;
}
