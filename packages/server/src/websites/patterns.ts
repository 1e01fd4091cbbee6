/**
 * A website's include and exclude path patterns (contract `PathPatternSchema`), matched as
 * robots.txt matches its rules: a pattern matches a path (with its query) that starts with it, `*`
 * stands for any characters and a final `$` anchors the end.
 */

const compiled = new Map<string, RegExp>();

function regexOf(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    regex = new RegExp(`^${body}${anchored ? '$' : ''}`);
    compiled.set(pattern, regex);
  }
  return regex;
}

/** Whether a pattern matches a URL's path and query. */
export function matchesPattern(pattern: string, url: URL): boolean {
  return regexOf(pattern).test(url.pathname + url.search);
}

/** In scope: no include pattern or one that matches, and no exclude pattern that matches. */
export function inScope(url: URL, include: readonly string[], exclude: readonly string[]): boolean {
  if (include.length > 0 && !include.some((pattern) => matchesPattern(pattern, url))) return false;
  return !exclude.some((pattern) => matchesPattern(pattern, url));
}
