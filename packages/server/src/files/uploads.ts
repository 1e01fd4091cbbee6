/**
 * Which requests are uploads: the endpoint table's `multipart` entries (the files, the logos, the
 * lead import). They skip the global JSON body limit and stream under their own.
 */
import { type Endpoint, endpoints } from '@conversa/contract/endpoints';

/** Each multipart entry's path as a pattern of the request path (`{id}` is one segment). */
const UPLOADS = (Object.values(endpoints) as Endpoint[])
  .filter((endpoint) => endpoint.multipart)
  .map((endpoint) => ({
    method: endpoint.method,
    path: new RegExp(`^/api${endpoint.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
  }));

/** True for a request to an upload endpoint. */
export function isUpload(method: string, path: string): boolean {
  return UPLOADS.some((upload) => upload.method === method && upload.path.test(path));
}
