/** What an endpoint of the API table is: its route, who may call it, its tenant scope and its schemas. */
import type { GenericSchema } from 'valibot';
import type { AssistantType } from '../assistant-type';
import type { Permission } from '../roles';
import type { Route } from '../routes/route';

/**
 * Who may call an endpoint:
 * - `public`: anyone;
 * - `guest`: the chat visitor's guest token (staff tokens are refused);
 * - `staff`: a signed-in staff token (a chat visitor's token is refused), with `permission` where the
 *   scope is an institution or an assistant;
 * - `admin`: the platform admin role;
 * - `metrics`: the operator's `METRICS_TOKEN` as a bearer token (no user, no session); while the
 *   variable is unset the endpoint does not exist (404).
 */
export type Access = 'public' | 'guest' | 'staff' | 'admin' | 'metrics';

/**
 * The tenant an endpoint acts in, resolved before its handler runs:
 * - `none`: no tenant;
 * - `institution`: in `/institution/{id}…` the path's `{id}` is the institution; elsewhere the
 *   `X-Institution-Id` header names it (required then), and a path's `{id}` (a lead's, an order's)
 *   is the handler's to find in that institution. The caller's membership role there (or the platform admin
 *   role) must grant the permission: no role at all is a 404, a role without it a 403;
 * - `assistant`: the path's `{id}` is an assistant (institution product). With `X-Institution-Id` it
 *   must be that institution's (else 404); without, the assistant names its institution and the
 *   caller's role there decides, as for `institution`;
 * - `conversation`: for a guest, the path's `{id}` is the conversation of the caller's guest token
 *   (else 403); for staff, a conversation of an institution where the caller's role grants the
 *   permission (with `X-Institution-Id` it must be that institution's), else 404;
 * - `self`: the path's `{id}` is a user: the caller's own, unless the caller is a platform admin (else 403).
 */
export type Scope = 'none' | 'institution' | 'assistant' | 'conversation' | 'self';

interface EndpointBase extends Route {
  summary: string;
  tag: string;
  /** The path's `{params}`; a value it refuses is a 404 (the path names nothing). */
  params?: GenericSchema;
  query?: GenericSchema;
  /** The JSON body (absent for multipart uploads, which the handler reads itself). */
  body?: GenericSchema;
  response?: GenericSchema;
  /** The answer is a page of a list, with pagination headers. */
  paginated?: boolean;
  /** The body is `multipart/form-data` (uploads) rather than JSON. */
  multipart?: boolean;
  /** The answer is `text/event-stream`; `response` describes the events' data. */
  stream?: boolean;
  /** The answer is `text/plain` as it is (no `{data}` envelope, no `response`). */
  text?: boolean;
}

/** An entry of the endpoint table; the access and scope pairs that make sense, nothing else. */
export type Endpoint = EndpointBase &
  (
    | { access: 'public'; scope: 'none' }
    | { access: 'guest'; scope: 'conversation' }
    | { access: 'admin'; scope: 'none' }
    | { access: 'metrics'; scope: 'none' }
    | { access: 'staff'; scope: 'none' | 'self' }
    | { access: 'staff'; scope: 'institution' | 'conversation'; permission: Permission }
    | {
        access: 'staff';
        scope: 'assistant';
        permission: Permission;
        /** The endpoint serves assistants of this type only: any other assistant's id is a 404. */
        assistantType?: AssistantType;
      }
  );
