/**
 * Moves leads and orders to other days, straight in a stopped server's embedded database (a
 * journey's DATA_DIR): the API stamps a record with the moment it arrives, and the console's date
 * filter needs records entered on different days. Each record's "created" history entry moves with it.
 */
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../db/database';
import { salesRecordHistory, salesRecords } from '../db/sales-schema';
import { pgliteFolder } from '../paths';

/** Sets each record's entry time (`id` → when); the server on `dataDir` must not be running. */
export async function redateRecords(dataDir: string, dates: ReadonlyMap<number, Date>): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: pgliteFolder(dataDir) });
  try {
    await database.db.transaction(async (tx) => {
      for (const [id, at] of dates) {
        const moved = await tx
          .update(salesRecords)
          .set({ createdAt: at, updatedAt: at })
          .where(eq(salesRecords.id, id))
          .returning({ id: salesRecords.id });
        if (moved.length !== 1) throw new Error(`no record ${id} to redate`);
        await tx
          .update(salesRecordHistory)
          .set({ at })
          .where(and(eq(salesRecordHistory.recordId, id), eq(salesRecordHistory.action, 'created')));
      }
    });
  } finally {
    await database.close();
  }
}
