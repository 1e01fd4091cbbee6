/**
 * The leads and orders dashboards over a date range (docs/architecture.md#sales-support): the
 * records, per day in the caller's time zone (every day of the range, none missing), and the sellers
 * and companies with the most; for orders also their lines and quantity, and the products by
 * quantity. One scan of the range's records with grouping sets gives every figure but the products,
 * which a second statement reads from the range's lines.
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

/** A group's figures: how many records, and (orders) their lines and quantity. */
interface Figures {
  records: number;
  lines: number;
  quantity: number;
}

/** The largest `RECORDS_DASHBOARD_TOP` groups: most records first, then most quantity, then by name. */
function top(groups: (Figures & { name: string })[]) {
  return groups
    .sort((a, b) => b.records - a.records || b.quantity - a.quantity || a.name.localeCompare(b.name))
    .slice(0, RECORDS_DASHBOARD_TOP);
}

/**
 * The figures of a kind's records of the assistant created within the range (either end open);
 * `per_day` runs from the range's start (or the first record's day) to its end (or the last
 * record's day), ending by today unless records are later, at most RECORDS_DASHBOARD_MAX_DAYS days.
 */
async function figures(db: Db, ref: AssistantRef, kind: RecordKind, range: RecordsDashboardQuery, now: Date) {
  const { tz } = range;
  const where = sql.join(
    [
      sql`r.institution_id = ${ref.institutionId} and r.product_id = ${ref.assistantId} and r.kind = ${kind}`,
      range.from ? sql` and r.created_at >= ${dayStart(range.from, tz)}` : sql``,
      range.to ? sql` and r.created_at < ${dayAfter(range.to, tz)}` : sql``,
    ],
    sql``,
  );
  // An order's lines and quantity, summed per order first so that every order counts once.
  const records =
    kind === 'order'
      ? sql`select r.id, r.created_at, r.seller_name, r.company, count(l.record_id)::int as lines,
            coalesce(sum(l.quantity), 0) as quantity
          from sales_records r left join sales_order_lines l on l.record_id = r.id
          where ${where} group by r.id`
      : sql`select r.created_at, r.seller_name, r.company, 0 as lines, 0 as quantity
          from sales_records r where ${where}`;
  const [groups, products] = await Promise.all([
    rowsOf(
      db,
      sql`select grouping(day, seller_key, company_key)::int as set, day, min(seller_name) as seller,
          min(company) as company, count(*)::int as records, sum(lines)::int as lines,
          sum(quantity)::float8 as quantity
        from (
          select to_char(created_at at time zone ${tz}, 'YYYY-MM-DD') as day,
            lower(seller_name) as seller_key, seller_name, lower(btrim(company)) as company_key, company,
            lines, quantity
          from (${records}) as records
        ) as r
        group by grouping sets ((day), (seller_key), (company_key), ())`,
    ),
    kind === 'order'
      ? rowsOf(
          db,
          sql`select l.product_code, min(l.product_description) as product_description,
              sum(l.quantity)::float8 as quantity, count(distinct l.record_id)::int as orders
            from sales_order_lines l join sales_records r on r.id = l.record_id
            where ${where} and l.institution_id = ${ref.institutionId}
            group by l.product_code
            order by 3 desc, 1 limit ${RECORDS_DASHBOARD_TOP}`,
        )
      : [],
  ]);

  // grouping(): 3 = by day, 5 = by seller, 6 = by company, 7 = the total.
  const figuresOf = (row: Row): Figures => ({
    records: Number(row.records),
    lines: Number(row.lines ?? 0),
    quantity: Number(row.quantity ?? 0),
  });
  const of = (set: number) => groups.filter((row) => Number(row.set) === set);
  const perDay = new Map(of(3).map((row) => [String(row.day), figuresOf(row)]));
  const seen = [...perDay.keys()].sort();
  const today = dayIn(now, tz);
  const seenLast = seen.at(-1) ?? null;
  const first = range.from ?? seen[0] ?? null;
  const last = range.to ? [range.to, seenLast && seenLast > today ? seenLast : today].sort()[0]! : seenLast;
  const dates = first && last ? daysBetween(first, last, RECORDS_DASHBOARD_MAX_DAYS) : [];
  const total = of(7)[0];
  return {
    total: total ? figuresOf(total) : { records: 0, lines: 0, quantity: 0 },
    perDay: dates.map((date) => ({ date, ...(perDay.get(date) ?? { records: 0, lines: 0, quantity: 0 }) })),
    sellers: top(of(5).map((row) => ({ name: String(row.seller), ...figuresOf(row) }))),
    companies: top(of(6).map((row) => ({ name: String(row.company), ...figuresOf(row) }))),
    products: products.map((row) => ({
      product_code: String(row.product_code),
      product_description: (row.product_description ?? null) as string | null,
      quantity: Number(row.quantity),
      orders: Number(row.orders),
    })),
  };
}

/** `GET lead/dashboard`. */
export async function leadsDashboard(
  db: Db,
  ref: AssistantRef,
  range: RecordsDashboardQuery,
  now: Date,
): Promise<LeadsDashboard> {
  const { total, perDay, sellers, companies } = await figures(db, ref, 'lead', range, now);
  const count = ({ name, records }: { name: string; records: number }) => ({ name, records });
  return {
    records: total.records,
    per_day: perDay.map(({ date, records }) => ({ date, records })),
    sellers: sellers.map(count),
    companies: companies.map(count),
  };
}

/** `GET order/dashboard`. */
export async function ordersDashboard(
  db: Db,
  ref: AssistantRef,
  range: RecordsDashboardQuery,
  now: Date,
): Promise<OrdersDashboard> {
  const { total, perDay, sellers, companies, products } = await figures(db, ref, 'order', range, now);
  const count = ({ name, records, quantity }: Figures & { name: string }) => ({ name, records, quantity });
  return {
    ...total,
    per_day: perDay.map(({ date, records, quantity }) => ({ date, records, quantity })),
    sellers: sellers.map(count),
    companies: companies.map(count),
    products,
  };
}
