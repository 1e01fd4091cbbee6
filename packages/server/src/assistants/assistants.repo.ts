/**
 * Assistant queries; rows become `AssistantListItem` here (snake_case, type, name and logo nested under `product`). The
 * queries are prepared once per database: these reads are on the benchmarked path (docs/architecture.md#budgets).
 */
import type {
  AssistantDetail,
  AssistantListItem,
  Handoff,
  LiveChat,
  Snippet,
} from '@conversa/contract/assistant';
import type { AssistantType } from '@conversa/contract/assistant-type';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { hotQuery } from '../db/hot-query';
import { assistants, institutions } from '../db/schema';
import { publicKindOf } from './assistants.service';
import { logoUrl } from './logo';

/** The locale of an institution's first main member (its owner), for queries joining `institutions`. */
export const ownerLocale = sql<string | null>`(
  select u.locale from memberships m join users u on u.id = m.user_id
  where m.institution_id = ${institutions.id} and m.role = 'main'
  order by m.created_at, m.user_id limit 1)`;

/** The columns of an assistant answer (the knowledge base is read on its own). */
export const assistantColumns = {
  id: assistants.id,
  externalId: assistants.externalId,
  institutionId: assistants.institutionId,
  type: assistants.type,
  name: assistants.name,
  logo: assistants.logo,
  suggestedQuestions: assistants.suggestedQuestions,
  handoff: assistants.handoff,
  handoffConfirmedEmail: assistants.handoffConfirmedEmail,
  publicLinkActive: assistants.publicLinkActive,
  snippet: assistants.snippet,
  liveChat: assistants.liveChat,
};

interface AssistantListRow {
  id: number;
  externalId: string;
  institutionId: number;
  type: string;
  name: string;
  logo: string | null;
}

/** An assistant row with its settings. */
export interface AssistantDetailRow extends AssistantListRow {
  suggestedQuestions: string[];
  handoff: Handoff | null;
  /** The handoff address confirmed by its link, if any (the answer says only whether it is the current one). */
  handoffConfirmedEmail: string | null;
  publicLinkActive: boolean;
  snippet: Snippet;
  liveChat: LiveChat;
}

/** True when the handoff has an e-mail and it is exactly the address its link confirmed. */
export function isHandoffConfirmed(handoff: Handoff | null, confirmedEmail: string | null): boolean {
  const email = handoff?.email ?? null;
  return email !== null && email === confirmedEmail;
}

/** A row as the single-assistant answer (`GET institution-product/{id}`): settings, public link and embed snippet. */
export function toDetail(row: AssistantDetailRow, publicUrl: string): AssistantDetail {
  // Sales support answers its sellers on WhatsApp: no public chat, so nothing to share.
  const area = publicKindOf(row.type as AssistantType);
  return {
    ...toListItem(row, publicUrl),
    suggested_questions: row.suggestedQuestions,
    handoff: row.handoff,
    handoff_email_confirmed: isHandoffConfirmed(row.handoff, row.handoffConfirmedEmail),
    public_link_active: row.publicLinkActive,
    snippet: row.snippet,
    live_chat: row.liveChat,
    public_url: area ? `${publicUrl}/${area}/${row.institutionId}` : null,
    embed_snippet: area
      ? `<script src="${publicUrl}/embed.js" data-assistant="${row.externalId}" async></script>`
      : null,
  };
}

/** A row as a list item; the stored logo name becomes its absolute public URL. */
function toListItem(row: AssistantListRow, publicUrl: string): AssistantListItem {
  return {
    id: row.id,
    external_id: row.externalId,
    institution_id: row.institutionId,
    product: { type: row.type as AssistantType, name: row.name, logo: logoUrl(publicUrl, row.logo) },
  };
}

/** The assistant queries of one database. */
/**
 * What a channel answers as: the assistant's name and handoff, its institution's website and
 * country, and the owner's language; undefined when the assistant is not the institution's.
 */
export async function channelAssistant(db: Db, ref: { institutionId: number; assistantId: number }) {
  const [assistant] = await db
    .select({
      name: assistants.name,
      handoff: assistants.handoff,
      website: institutions.websiteUrl,
      country: institutions.country,
      ownerLocale,
    })
    .from(assistants)
    .innerJoin(institutions, eq(institutions.id, assistants.institutionId))
    .where(and(eq(assistants.institutionId, ref.institutionId), eq(assistants.id, ref.assistantId)));
  return assistant;
}

export function assistantsRepo(db: Db, publicUrl: string) {
  // The benchmarked read (GET institution/{id}/product): a server-side prepared statement.
  const listHot = hotQuery<{
    id: number;
    external_id: string;
    institution_id: number;
    type: string;
    name: string;
    logo: string | null;
  }>(
    db,
    'assistants_by_institution',
    'select id, external_id, institution_id, type, name, logo from institution_products where institution_id = $1 order by id',
  );

  const inInstitution = db
    .select(assistantColumns)
    .from(assistants)
    .where(
      and(
        eq(assistants.institutionId, sql.placeholder('institutionId')),
        eq(assistants.id, sql.placeholder('id')),
      ),
    )
    .limit(1)
    .prepare('assistant_in_institution');

  return {
    /** The assistants of an institution, by id. */
    async list(institutionId: number): Promise<AssistantListItem[]> {
      const rows = await listHot([institutionId]);
      return rows.map((row) =>
        toListItem(
          {
            id: row.id,
            externalId: row.external_id,
            institutionId: row.institution_id,
            type: row.type,
            name: row.name,
            logo: row.logo,
          },
          publicUrl,
        ),
      );
    },

    /** One assistant of an institution; null when it is not there (or belongs to another). */
    async find(institutionId: number, id: number): Promise<AssistantDetail | null> {
      const [row] = await inInstitution.execute({ institutionId, id });
      return row ? toDetail(row, publicUrl) : null;
    },
  };
}
