/** Which requests are uploads: they skip the global JSON body limit and stream under their own. */

const UPLOAD_PATH = /^\/api\/(institution-product\/[^/]+\/(file|logo)|lead\/import)\/?$/;

/**
 * True for `POST /api/institution-product/{id}/file`, `…/logo` and `/api/lead/import` (its own
 * LEAD_IMPORT_MAX_BYTES, not the JSON limit).
 */
export function isUpload(method: string, path: string): boolean {
  return method === 'POST' && UPLOAD_PATH.test(path);
}
