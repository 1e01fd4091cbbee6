/**
 * A website's include and exclude path patterns (contract `PathPatternSchema`), matched as
 * robots.txt matches its rules: a pattern matches a path (with its query) that starts with it, `*`
 * stands for any characters and a final `$` anchors the end.
 *
 * Matched without regular expressions: a pattern of many `*` turned into `.*` makes a backtracking
 * engine try every split of the path (a 40-character pattern took over a minute on a 40-character
 * path, the server's thread held all along). Each literal part is looked for left to right from
 * where the last one ended; the leftmost place is always the best for the parts after it, so one
 * pass decides: time linear in the pattern times the path.
 */

/** Whether a pattern matches a URL's path and query. */
export function matchesPattern(pattern: string, url: URL): boolean {
  return matchesPath(pattern, url.pathname + url.search);
}

/** Whether a pattern matches a path (with its query). */
export function matchesPath(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const parts = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = parts[0] ?? '';
  if (!path.startsWith(first)) return false;
  if (parts.length === 1) return !anchored || path.length === first.length;
  let at = first.length;
  const last = parts.length - 1;
  for (let i = 1; i < last; i++) {
    const found = path.indexOf(parts[i] ?? '', at);
    if (found < 0) return false;
    at = found + (parts[i] ?? '').length;
  }
  const tail = parts[last] ?? '';
  // Unanchored, the tail may stand anywhere after; anchored, it must end the path.
  if (!anchored) return path.indexOf(tail, at) >= 0;
  return path.length - tail.length >= at && path.endsWith(tail);
}

/** In scope: no include pattern or one that matches, and no exclude pattern that matches. */
export function inScope(url: URL, include: readonly string[], exclude: readonly string[]): boolean {
  if (include.length > 0 && !include.some((pattern) => matchesPattern(pattern, url))) return false;
  return !exclude.some((pattern) => matchesPattern(pattern, url));
}
