/**
 * Moves leads and orders to other days, in a test's database or straight in a stopped server's
 * embedded one (a journey's DATA_DIR): the API stamps a record with the moment it arrives, and the
 * date filters and dashboards need records entered on different days. Each record's "created"
 * history entry and an order's lines move with it.
 */
import { and, eq } from 'drizzle-orm';
import { type Db, openDatabase } from '../db/database';
import { salesOrderLines, salesRecordHistory, salesRecords } from '../db/sales-schema';
import { pgliteFolder } from '../paths';

/** Sets a record's entry time, with its "created" history entry and an order's lines. */
export async function redate(db: Db, id: number, at: Date): Promise<void> {
  const moved = await db
    .update(salesRecords)
    .set({ createdAt: at, updatedAt: at })
    .where(eq(salesRecords.id, id))
    .returning({ id: salesRecords.id });
  if (moved.length !== 1) throw new Error(`no record ${id} to redate`);
  await db.update(salesOrderLines).set({ createdAt: at }).where(eq(salesOrderLines.recordId, id));
  await db
    .update(salesRecordHistory)
    .set({ at })
    .where(and(eq(salesRecordHistory.recordId, id), eq(salesRecordHistory.action, 'created')));
}

/** Sets each record's entry time (`id` → when); the server on `dataDir` must not be running. */
export async function redateRecords(dataDir: string, dates: ReadonlyMap<number, Date>): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: pgliteFolder(dataDir) });
  try {
    await database.db.transaction(async (tx) => {
      for (const [id, at] of dates) await redate(tx as unknown as Db, id, at);
    });
  } finally {
    await database.close();
  }
}
