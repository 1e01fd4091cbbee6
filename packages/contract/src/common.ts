/** Shapes shared by every endpoint: errors, pagination, `{message}` answers. */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

export const IssueSchema = v.object({ path: v.string(), code: v.string(), message: v.string() });
export type Issue = v.InferOutput<typeof IssueSchema>;

/** Every error body (docs/architecture.md#the-http-api). */
export const ApiErrorSchema = v.object({
  message: v.string(),
  code: v.string(),
  issues: v.optional(v.array(IssueSchema)),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;

/** An answer that only carries a translated message. */
export const MessageResultSchema = v.object({ message: v.string(), code: v.string() });
export type MessageResult = v.InferOutput<typeof MessageResultSchema>;

const pageNumber = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(C.invalidValue),
      v.regex(/^\d{1,6}$/, C.invalidValue),
      v.transform(Number),
      v.minValue(1, C.invalidValue),
      v.maxValue(max, C.invalidValue),
    ),
    String(fallback),
  );

/** Query of every paginated list: `page` (1-based) and `per-page`. */
export const PaginationQuerySchema = v.object({
  page: pageNumber(1, 1_000_000),
  'per-page': pageNumber(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
});
export type PaginationQuery = v.InferOutput<typeof PaginationQuerySchema>;
