/**
 * The tenancy gate's own reads (`resolve-scope.ts`): the institution an assistant or a conversation
 * belongs to, the assistant's type, and the caller's membership role there. One query each, on the
 * path of every scoped request: the assistant's are server-side prepared (`db/hot-query.ts`).
 */
import type { AssistantType } from '@conversa/contract/assistant-type';
import type { MemberRole } from '@conversa/contract/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { hotQuery } from '../db/hot-query';
import { memberships } from '../db/schema';
import { conversations } from '../db/conversations-schema';

export function tenancyQueries(db: Db) {
  const assistantIn = hotQuery<{ type: string }>(
    db,
    'tenancy_assistant_in',
    'select type from institution_products where institution_id = $1 and id = $2',
  );
  const assistantWithRole = hotQuery<{ institution_id: number; type: string; role: string | null }>(
    db,
    'tenancy_assistant_with_role',
    `select p.institution_id, p.type, m.role from institution_products p
       left join memberships m on m.institution_id = p.institution_id and m.user_id = $2
      where p.id = $1`,
  );
  const conversationWithRole = db
    .select({
      institutionId: conversations.institutionId,
      assistantId: conversations.assistantId,
      role: memberships.role,
    })
    .from(conversations)
    .leftJoin(
      memberships,
      and(
        eq(memberships.institutionId, conversations.institutionId),
        eq(memberships.userId, sql.placeholder('userId')),
      ),
    )
    .where(eq(conversations.id, sql.placeholder('id')))
    .limit(1)
    .prepare('tenancy_conversation_with_role');

  return {
    /** The type of an assistant of the institution; null when it is not there (or belongs to another). */
    async assistantIn(institutionId: number, id: number): Promise<AssistantType | null> {
      const [row] = await assistantIn([institutionId, id]);
      return row ? (row.type as AssistantType) : null;
    },

    /** An assistant's institution and type, with the user's membership role there (null: not a member). */
    async assistantWithRole(
      id: number,
      userId: number,
    ): Promise<{ institutionId: number; type: AssistantType; role: MemberRole | null } | null> {
      const [row] = await assistantWithRole([id, userId]);
      return row
        ? {
            institutionId: row.institution_id,
            type: row.type as AssistantType,
            role: row.role as MemberRole | null,
          }
        : null;
    },

    /** A conversation's institution and assistant, with the user's membership role there (the id is a UUID: the entry's `params` checked it). */
    async conversationWithRole(
      id: string,
      userId: number,
    ): Promise<{ institutionId: number; assistantId: number; role: MemberRole | null } | null> {
      const [row] = await conversationWithRole.execute({ id: id.toLowerCase(), userId });
      return row ? { ...row, role: row.role as MemberRole | null } : null;
    },
  };
}
