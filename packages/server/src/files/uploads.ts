/** Which requests are uploads: they skip the global JSON body limit and stream under their own. */

const UPLOAD_PATH = /^\/api\/institution-product\/[^/]+\/(file|logo)\/?$/;

/** True for `POST /api/institution-product/{id}/file` and `…/logo`. */
export function isUpload(method: string, path: string): boolean {
  return method === 'POST' && UPLOAD_PATH.test(path);
}
