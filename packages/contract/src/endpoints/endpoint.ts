/** What an endpoint of the API table is: method, path, access rule and schemas. */
import type { GenericSchema } from 'valibot';

/**
 * Who may call an endpoint:
 * - `public`: anyone;
 * - `staff`: a signed-in staff token (no institution needed);
 * - `member`: a staff token acting in an institution it belongs to (`X-Institution-Id`), or an admin;
 * - `admin`: the platform admin role;
 * - `guest`: the chat visitor's guest token for this conversation (staff tokens are refused).
 */
export type Access = 'public' | 'staff' | 'member' | 'admin' | 'guest';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under `/api`, OpenAPI style (`/institution/{id}`). */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: GenericSchema;
  query?: GenericSchema;
  response?: GenericSchema;
  /** The answer is a page of a list, with pagination headers. */
  paginated?: boolean;
  /** The body is `multipart/form-data` (uploads) rather than JSON. */
  multipart?: boolean;
  /** The answer is `text/event-stream`; `response` describes the events' data. */
  stream?: boolean;
}
