/** A case-insensitive "contains" pattern for ILIKE, with `%`, `_` and `\` taken literally; null for all. */
export function containsPattern(search: string): string | null {
  if (search === '') return null;
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
