/** Cache keys of conversation data, shared by the reads and the writes that must refresh them. */
import * as routes from '@conversa/contract/routes/conversations';
import { isRouteKey, routeKey } from '../keys';
import type { ConversationStatus } from '@conversa/contract/chat';
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';

/** What the conversation list asks for: its filters (days as YYYY-MM-DD, in `tz`) and its page. */
export interface ConversationsQuery {
  from?: string | null;
  to?: string | null;
  /** The IANA time zone the days are read in (the browser's by default). */
  tz?: string;
  q?: string;
  handoff?: boolean;
  contact?: boolean;
  /** Only conversations in this state (`waiting`: "Needs a person"); null for all. */
  status?: ConversationStatus | null;
  page?: number;
  perPage?: number;
}

/** The browser's time zone (UTC where it cannot tell). */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The filters normalized, so equal queries share one cache entry. */
export function normalizeConversationsQuery({
  from = null,
  to = null,
  tz = localTimeZone(),
  q = '',
  handoff = false,
  contact = false,
  status = null,
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
}: ConversationsQuery = {}): Required<ConversationsQuery> {
  return { from: from || null, to: to || null, tz, q: q.trim(), handoff, contact, status, page, perPage };
}

/** The query string of a list or download request (absent filters left out). */
export function conversationsSearch(query: Required<ConversationsQuery>, withPage: boolean) {
  const { from, to, tz, q, handoff, contact, status, page, perPage } = query;
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    tz,
    ...(q ? { q } : {}),
    ...(handoff ? { handoff: 'true' as const } : {}),
    ...(contact ? { contact: 'true' as const } : {}),
    ...(status ? { status } : {}),
    ...(withPage ? { page, 'per-page': perPage } : {}),
  };
}

/** SWR key of a page of an assistant's conversations. */
export const conversationsKey = (assistantId: number, query: ConversationsQuery = {}) =>
  routeKey(routes.listConversations, { id: assistantId }, normalizeConversationsQuery(query));

/** SWR key of one conversation (its transcript, contact and overview). */
export const conversationKey = (id: string) =>
  routeKey(routes.getConversationDetail, { id: id.toLowerCase() });

/** SWR key of an assistant's dashboard over a range. */
export const dashboardKey = (
  assistantId: number,
  range: { from?: string | null; to?: string | null; tz?: string } = {},
) =>
  routeKey(
    routes.getDashboard,
    { id: assistantId },
    { from: range.from || null, to: range.to || null, tz: range.tz ?? localTimeZone() },
  );

/** True for the keys of every assistant's conversation lists and dashboards. */
const isListKey = isRouteKey(routes.listConversations);
const isDashboardKey = isRouteKey(routes.getDashboard);
export const isAnyConversationListKey = (key: unknown) => isListKey(key) || isDashboardKey(key);

/** True for the dashboard keys of one assistant (a rating or a review changes its figures). */
export const isDashboardKeyOf = (assistantId: number) => isRouteKey(routes.getDashboard, { id: assistantId });
