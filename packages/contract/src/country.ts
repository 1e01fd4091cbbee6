/** Countries (ISO 3166-1), named in the request's language. */
import * as v from 'valibot';

export const CountrySchema = v.object({ id: v.number(), code: v.string(), name: v.string() });
export type Country = v.InferOutput<typeof CountrySchema>;
