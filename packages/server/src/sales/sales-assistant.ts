/**
 * Sales support's rule for an assistant named in a body or a query (the gate checks the path's:
 * `assistantType` on the endpoint's entry): it must be a sales-support assistant of the institution
 * the request acts in, else the id names nothing (404).
 */
import { tenancyQueries } from '../auth/tenancy';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import type { AssistantRef } from './records.repo';

export function salesAssistantOf(db: Db) {
  const tenancy = tenancyQueries(db);
  return async function salesAssistant(institutionId: number, id: number): Promise<AssistantRef> {
    if ((await tenancy.assistantIn(institutionId, id)) !== 'sales_support') throw notFound();
    return { institutionId, assistantId: id };
  };
}
