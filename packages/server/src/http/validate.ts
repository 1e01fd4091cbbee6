/**
 * Reads and validates input with the contract's valibot schemas. Bad input is a 400 with one issue
 * per field (`{path, code, message}`), never a 500.
 */
import type { Issue } from '@conversa/contract/common';
import { IdSchema } from '@conversa/contract/fields';
import type { Context } from 'hono';
import * as v from 'valibot';
import { isKnownCode, translate } from '../i18n/translate';
import { ApiError } from './errors';
import type { AppEnv } from './env';

function toIssues(c: Context<AppEnv>, issues: v.BaseIssue<unknown>[]): Issue[] {
  const locale = c.get('locale');
  const seen = new Set<string>();
  const result: Issue[] = [];
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '';
    // One issue per field, the first: a blank e-mail is "required", not also "invalid".
    if (seen.has(path)) continue;
    seen.add(path);
    // Schema messages are our codes; valibot's own defaults (wrong types) become `invalid_value`.
    const code = isKnownCode(issue.message) ? issue.message : 'invalid_value';
    result.push({ path, code, message: translate(locale, code, { host: 'https://example.com' }) });
  }
  return result;
}

/** Validates a value; throws a 400 `validation_failed` carrying the issues. */
export function check<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: S,
  value: unknown,
): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ApiError(400, 'validation_failed', { issues: toIssues(c, result.issues) });
  return result.output;
}

/** Parses and validates the JSON body. */
export async function readJson<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: S,
): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new ApiError(415, 'unsupported_media_type');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'invalid_json');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'validation_failed', { issues: [] });
  }
  return check(c, schema, body);
}

/** Validates the query string (every key as a string). */
export function readQuery<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): v.InferOutput<S> {
  return check(c, schema, c.req.query());
}

/** A positive integer path parameter; anything else is a 404 (no such resource). */
export function readId(c: Context<AppEnv>, name = 'id'): number {
  const result = v.safeParse(IdSchema, c.req.param(name));
  if (!result.success) throw new ApiError(404, 'not_found');
  return result.output;
}
