/**
 * Key case conversion between the wire (snake_case, docs/architecture.md#the-http-api) and JavaScript (camelCase). Only
 * plain objects and arrays are walked: dates, files and blobs pass through untouched.
 */

type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelKey<Tail>>}`
  : S;

/** `T` with every object key camelCased, deeply (`external_id` becomes `externalId`). */
export type CamelKeys<T> = T extends readonly (infer Item)[]
  ? CamelKeys<Item>[]
  : T extends Date | Blob
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelKey<K> : K]: CamelKeys<T[K]> }
      : T;

/** A request body as the contract types it (snake_case) or with camelCase keys: both are sent snake_case. */
export type EitherCase<T> = T | CamelKeys<T>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function mapKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, rename));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[rename(key)] = mapKeys(item, rename);
  return out;
}

/** `fullName` → `full_name`, `websiteURL` → `website_url`; snake_case and other keys stay as they are. */
export function snakeKey(key: string): string {
  if (!/[A-Z]/.test(key)) return key;
  return key
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** `external_id` → `externalId`. */
export function camelKey(key: string): string {
  return key.replace(/_([a-z\d])/g, (_, char: string) => char.toUpperCase());
}

/** Every key snake_cased, deeply. */
export function toSnakeCase(value: unknown): unknown {
  return mapKeys(value, snakeKey);
}

/** Every key camelCased, deeply. */
export function toCamelCase<T>(value: T): CamelKeys<T> {
  return mapKeys(value, camelKey) as CamelKeys<T>;
}
