/**
 * Institution queries; rows become contract types here and never leave the server. The reads are
 * prepared once per database (the admin list is benchmarked, docs/architecture.md#budgets).
 */
import type { Locale, StudentBucket } from '@conversa/contract/constants';
import type {
  CreateInstitution,
  Institution,
  InstitutionKind,
  InstitutionListItem,
  UpdateInstitution,
} from '@conversa/contract/institution';
import type { AssistantType } from '@conversa/contract/assistant-type';
import type { MemberRole } from '@conversa/contract/roles';
import type { UserInstitution } from '@conversa/contract/user';
import { count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { countryData } from '../countries';
import { logoUrl } from '../assistants';
import type { Db, DbOrTx } from '../db/database';
import { hotQuery } from '../db/hot-query';
import { assistants, institutions, memberships, users } from '../db/schema';

type InstitutionRow = typeof institutions.$inferSelect;

function toInstitution(row: InstitutionRow, locale: Locale, publicUrl: string): Institution {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as InstitutionKind,
    website_url: row.websiteUrl,
    students: row.students as StudentBucket | null,
    country: row.country,
    country_data: countryData(row.country, locale),
    location: row.location,
    logo: logoUrl(publicUrl, row.logo),
    created_at: row.createdAt.toISOString(),
  };
}

const columns = (input: UpdateInstitution) => ({
  name: input.name,
  websiteUrl: input.website_url,
  students: input.students,
  country: input.country,
  location: input.location,
});

/** An institution's name; null when it is not there. */
export async function institutionName(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: institutions.name })
    .from(institutions)
    .where(eq(institutions.id, id));
  return row?.name ?? null;
}

/** An institution's country code; null when it has none or is not there. */
export async function institutionCountry(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ country: institutions.country })
    .from(institutions)
    .where(eq(institutions.id, id));
  return row?.country ?? null;
}

export interface NewInstitution {
  ownerId: number;
  input: CreateInstitution;
  firstAssistant: { type: AssistantType; name: string };
  now: Date;
  locale: Locale;
  /** Institutions the owner may have created, this one included; null for no limit. */
  quota: number | null;
}

export interface ListInstitutionsOptions {
  /** An ILIKE pattern, already escaped; null for all. */
  pattern: string | null;
  page: number;
  perPage: number;
  locale: Locale;
}

/** The institution queries of one database. */
export function institutionsRepo(db: Db, publicUrl: string) {
  const byId = db
    .select()
    .from(institutions)
    .where(eq(institutions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('institution_by_id');

  // The window count rides along with the page, so one query answers both.
  const pageOf = (where: SQL | undefined, name: string) =>
    db
      .select({
        id: institutions.id,
        name: institutions.name,
        kind: institutions.kind,
        country: institutions.country,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(institutions)
      .where(where)
      // Plain `name` (the database collation): sorting by lower(name) costs ~25% of the query.
      .orderBy(institutions.name, institutions.id)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  const nameFilter = ilike(institutions.name, sql.placeholder('pattern'));
  // The benchmarked read (the admin's unfiltered list): a server-side prepared statement, the page
  // read through the (name, id) index and the total counted beside it.
  const pageAllHot = hotQuery<{
    id: number;
    name: string;
    kind: string;
    country: string | null;
    total: number;
  }>(
    db,
    'institutions_page',
    'select id, name, kind, country, (select count(*) from institutions) as total from institutions order by name, id limit $1 offset $2',
  );
  const pageMatching = pageOf(nameFilter, 'institutions_page_by_name');

  const ofUser = db
    .select({
      id: institutions.id,
      name: institutions.name,
      kind: institutions.kind,
      logo: institutions.logo,
      role: memberships.role,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(institutions, eq(institutions.id, memberships.institutionId))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(sql`lower(${institutions.name})`, institutions.id)
    .prepare('institutions_of_user');

  return {
    /**
     * Inserts an institution, its `main` member, its first assistant, and makes it the owner's last
     * institution, all in one transaction; null when the owner has created `quota` already.
     */
    async insert(spec: NewInstitution): Promise<Institution | null> {
      const { ownerId, input, firstAssistant, now, quota } = spec;
      const row = await db.transaction(async (tx) => {
        if (quota !== null) {
          // The owner's row is locked until commit: two creations by one user count one after the
          // other, so both cannot see room for one more.
          await tx.execute(sql`select id from ${users} where id = ${ownerId} for update`);
          const [created] = await tx
            .select({ n: count() })
            .from(institutions)
            .where(eq(institutions.createdBy, ownerId));
          if ((created?.n ?? 0) >= quota) return null;
        }
        const [inserted] = await tx
          .insert(institutions)
          .values({ ...columns(input), kind: input.kind, createdBy: ownerId, createdAt: now, updatedAt: now })
          .returning();
        const id = inserted!.id;
        await tx
          .insert(memberships)
          .values({ institutionId: id, userId: ownerId, role: 'main', createdAt: now });
        await tx.insert(assistants).values({
          institutionId: id,
          type: firstAssistant.type,
          name: firstAssistant.name,
          createdAt: now,
          updatedAt: now,
        });
        await tx.update(users).set({ lastInstitutionId: id }).where(eq(users.id, ownerId));
        return inserted!;
      });
      return row ? toInstitution(row, spec.locale, publicUrl) : null;
    },

    /** One institution, or null. */
    async find(id: number, locale: Locale): Promise<Institution | null> {
      const [row] = await byId.execute({ id });
      return row ? toInstitution(row, locale, publicUrl) : null;
    },

    /**
     * Points the institution at a logo (a stored name), or at none: the institution and the name it
     * replaced (the caller deletes that file); null when it does not exist.
     */
    async setLogo(
      id: number,
      logo: string | null,
      now: Date,
      locale: Locale,
    ): Promise<{ institution: Institution; replaced: string | null } | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ logo: institutions.logo })
          .from(institutions)
          .where(eq(institutions.id, id))
          .for('update');
        if (!current) return null;
        const [row] = await tx
          .update(institutions)
          .set({ logo, updatedAt: now })
          .where(eq(institutions.id, id))
          .returning();
        return { institution: toInstitution(row!, locale, publicUrl), replaced: current.logo };
      });
    },

    /** Replaces an institution's details (never its kind); null when it does not exist. */
    async update(
      id: number,
      input: UpdateInstitution,
      now: Date,
      locale: Locale,
    ): Promise<Institution | null> {
      const [row] = await db
        .update(institutions)
        .set({ ...columns(input), updatedAt: now })
        .where(eq(institutions.id, id))
        .returning();
      return row ? toInstitution(row, locale, publicUrl) : null;
    },

    /** A page of institutions by name, then id, with the total count of matches. */
    async list({
      pattern,
      page,
      perPage,
      locale,
    }: ListInstitutionsOptions): Promise<{ items: InstitutionListItem[]; total: number }> {
      const params = { limit: perPage, offset: (page - 1) * perPage };
      const rows =
        pattern === null
          ? (await pageAllHot([params.limit, params.offset])).map((row) => ({
              ...row,
              total: Number(row.total),
            }))
          : await pageMatching.execute({ ...params, pattern });
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        // Past the last page the window has no rows to ride on: count separately (rare).
        const where = pattern === null ? undefined : ilike(institutions.name, pattern);
        const [counted] = await db.select({ n: count() }).from(institutions).where(where);
        total = counted?.n ?? 0;
      }
      const items = rows.map((row) => ({
        id: row.id,
        name: row.name,
        kind: row.kind as InstitutionKind,
        country_data: countryData(row.country, locale),
      }));
      return { items, total };
    },

    /** The institutions a user belongs to with their role in each; null when the user does not exist. */
    async listOfUser(userId: number): Promise<UserInstitution[] | null> {
      const rows = await ofUser.execute({ userId });
      if (rows.length === 0) return null;
      return rows.flatMap((row) =>
        row.id === null || row.name === null || row.kind === null || row.role === null
          ? []
          : [
              {
                id: row.id,
                name: row.name,
                kind: row.kind as InstitutionKind,
                logo: logoUrl(publicUrl, row.logo),
                role: row.role as MemberRole,
              },
            ],
      );
    },
  };
}
