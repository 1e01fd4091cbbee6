/** Path parameter schemas shared by the endpoint table. */
import * as v from 'valibot';
import { PUBLIC_KINDS } from '../chat';
import { IdSchema } from '../fields';

/** `{id}`: a database id. */
export const IdParamsSchema = v.object({ id: IdSchema });

/** `{id}`: a UUID (a conversation, or an assistant's external id). */
export const UuidParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid()) });

/** `{kind}/{id}`: a public page's kind and its institution. */
export const PublicPageParamsSchema = v.object({ kind: v.picklist(PUBLIC_KINDS), id: IdSchema });
