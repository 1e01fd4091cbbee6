/**
 * The leads and orders dashboards over a date range (docs/architecture.md#sales-support): the
 * records, per day in the caller's time zone (every day of the range, none missing), and the sellers
 * and companies with the most; for orders also their lines and quantity, and the products by
 * quantity. The days count each day's index range (an index-only read); sellers, companies and the
 * totals are grouping sets of one scan of the range's records, an order's lines and quantity read
 * from the order itself (written with its lines, migration 0017); the products are one scan of the
 * range's lines (which carry their order's assistant and time, migration 0019), and only the top
 * ones count their distinct orders.
 */
import {
  type LeadsDashboard,
  type OrdersDashboard,
  RECORDS_DASHBOARD_MAX_DAYS,
  RECORDS_DASHBOARD_TOP,
  type RecordsDashboardQuery,
} from '@conversa/contract/records';
import type { RecordKind } from '@conversa/contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { dayAfter, dayIn, daysBetween, dayStart } from '../db/days';
import type { AssistantRef } from './records.repo';

type Row = Record<string, unknown>;

const rowsOf = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The largest `RECORDS_DASHBOARD_TOP` groups: most records first, then by name. */
function top<T extends { name: string; records: number }>(groups: T[]): T[] {
  return groups
    .sort((a, b) => b.records - a.records || a.name.localeCompare(b.name))
    .slice(0, RECORDS_DASHBOARD_TOP);
}

/**
 * The kind's records of the assistant (`ofKind`), those of the range (`where`; the records are
 * `r`), and the range's order lines (`linesWhere`; the lines are `l`, which carry their order's
 * assistant and time).
 */
function conditions(ref: AssistantRef, kind: RecordKind, range: RecordsDashboardQuery) {
  const within = (alias: string) =>
    sql`${range.from ? sql` and ${sql.raw(alias)}.created_at >= ${dayStart(range.from, range.tz)}` : sql``}${
      range.to ? sql` and ${sql.raw(alias)}.created_at < ${dayAfter(range.to, range.tz)}` : sql``
    }`;
  const ofKind = sql`r.institution_id = ${ref.institutionId} and r.product_id = ${ref.assistantId} and r.kind = ${kind}`;
  return {
    ofKind,
    where: sql`${ofKind}${within('r')}`,
    linesWhere: sql`l.institution_id = ${ref.institutionId} and l.product_id = ${ref.assistantId}${within('l')}`,
  };
}

interface Group {
  name: string;
  records: number;
  quantity: number;
}

const counts = (row: Row) => ({ records: Number(row.records), quantity: Number(row.quantity ?? 0) });

/** Groups whose names differ only in case as one, named as most of its records write it. */
function caseAside(groups: Group[]): Group[] {
  const merged = new Map<string, Group & { most: number }>();
  for (const group of groups) {
    const key = group.name.toLowerCase();
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...group, most: group.records });
    else {
      if (group.records > seen.most) Object.assign(seen, { name: group.name, most: group.records });
      seen.records += group.records;
      seen.quantity += group.quantity;
    }
  }
  return [...merged.values()].map(({ name, records, quantity }) => ({ name, records, quantity }));
}

/**
 * The figures every dashboard shows, of a kind's records of the assistant created within the range
 * (either end open); `per_day` runs from the range's start (or the first record's day) to its end
 * (or the last record's day), ending by today unless records are later, at most
 * RECORDS_DASHBOARD_MAX_DAYS days (the most recent).
 */
async function recordFigures(
  db: Db,
  ref: AssistantRef,
  kind: RecordKind,
  range: RecordsDashboardQuery,
  now: Date,
) {
  const { tz } = range;
  const { ofKind, where } = conditions(ref, kind, range);
  const [[bounds], groups] = await Promise.all([
    rowsOf(
      db,
      sql`select to_char(min(r.created_at) at time zone ${tz}, 'YYYY-MM-DD') as first,
          to_char(max(r.created_at) at time zone ${tz}, 'YYYY-MM-DD') as last
        from sales_records r where ${where}`,
    ),
    // grouping(): 1 = by seller, 2 = by company, 3 = the total. Names as written: their case is
    // put aside below, on a few thousand groups rather than on every record.
    rowsOf(
      db,
      sql`select grouping(r.seller_name, r.company)::int as set, r.seller_name as seller, r.company,
          count(*)::int as records, sum(r.line_count)::int as lines, sum(r.quantity)::float8 as quantity
        from sales_records r where ${where}
        group by grouping sets ((r.seller_name), (r.company), ())`,
    ),
  ]);
  const seenFirst = (bounds?.first ?? null) as string | null;
  const seenLast = (bounds?.last ?? null) as string | null;
  const today = dayIn(now, tz);
  const first = range.from ?? seenFirst;
  const last = range.to ? [range.to, seenLast && seenLast > today ? seenLast : today].sort()[0]! : seenLast;
  const dates = first && last ? daysBetween(first, last, RECORDS_DASHBOARD_MAX_DAYS) : [];
  // Each day's start in the time zone is worked out once; a day's records are an index range.
  const days =
    dates.length === 0
      ? []
      : await rowsOf(
          db,
          sql`select d.day, (select count(*)::int from sales_records r
              where ${ofKind} and r.created_at >= d.starts and r.created_at < d.ends) as records
            from (
              select to_char(at, 'YYYY-MM-DD') as day, at::date::timestamp at time zone ${tz} as starts,
                (at::date + 1)::timestamp at time zone ${tz} as ends
              from generate_series(${dates[0]}::date, ${dates.at(-1)}::date, interval '1 day') as g(at)
            ) as d`,
        );
  const perDay = new Map(days.map((row) => [String(row.day), Number(row.records)]));
  const of = (set: number) => groups.filter((row) => Number(row.set) === set);
  const total = of(3)[0];
  return {
    records: Number(total?.records ?? 0),
    lines: Number(total?.lines ?? 0),
    quantity: Number(total?.quantity ?? 0),
    per_day: dates.map((date) => ({ date, records: perDay.get(date) ?? 0 })),
    sellers: top(caseAside(of(1).map((row) => ({ ...counts(row), name: String(row.seller) })))),
    companies: top(
      caseAside(of(2).map((row) => ({ ...counts(row), name: String(row.company) }))).map(
        ({ name, records }) => ({ name, records }),
      ),
    ),
  };
}

/** `GET lead/dashboard`. */
export async function leadsDashboard(
  db: Db,
  ref: AssistantRef,
  range: RecordsDashboardQuery,
  now: Date,
): Promise<LeadsDashboard> {
  const { records, per_day, sellers, companies } = await recordFigures(db, ref, 'lead', range, now);
  return { records, per_day, sellers: sellers.map(({ name, records }) => ({ name, records })), companies };
}

/** `GET order/dashboard`. */
export async function ordersDashboard(
  db: Db,
  ref: AssistantRef,
  range: RecordsDashboardQuery,
  now: Date,
): Promise<OrdersDashboard> {
  const { linesWhere } = conditions(ref, 'order', range);
  // The range's lines by product, the largest quantities first.
  const [figures, products] = await Promise.all([
    recordFigures(db, ref, 'order', range, now),
    rowsOf(
      db,
      sql`select l.product_code, sum(l.quantity)::float8 as quantity
        from sales_order_lines l where ${linesWhere}
        group by l.product_code
        order by 2 desc, 1 limit ${RECORDS_DASHBOARD_TOP}`,
    ),
  ]);
  // The orders holding each top product (one order may hold a product on several lines), and its
  // description (the first in the alphabet where lines differ).
  const held =
    products.length === 0
      ? []
      : await rowsOf(
          db,
          sql`select l.product_code, count(distinct l.record_id)::int as orders,
              min(l.product_description) as product_description
            from sales_order_lines l
            where ${linesWhere}
              and l.product_code in (${sql.join(
                products.map((product) => sql`${String(product.product_code)}`),
                sql`, `,
              )})
            group by l.product_code`,
        );
  const heldBy = new Map(held.map((row) => [String(row.product_code), row]));
  return {
    ...figures,
    products: products.map((row) => {
      const code = String(row.product_code);
      const description = heldBy.get(code)?.product_description;
      return {
        product_code: code,
        product_description: typeof description === 'string' ? description : null,
        quantity: Number(row.quantity),
        orders: Number(heldBy.get(code)?.orders ?? 0),
      };
    }),
  };
}
