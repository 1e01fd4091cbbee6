/**
 * Links in a generated answer lead only where the institution itself points: its own website's host,
 * or an address written in the passages the answer was grounded on. Any other link is neutralised
 * before it reaches the visitor: a Markdown link keeps its text, a bare URL is dropped. Streamed
 * answers are filtered as they arrive, holding back only what may be an unfinished link (an open
 * `[…](…`, or a last word that is or may become a URL) until it is complete.
 */

// The widget's link syntax (a URL with one level of balanced parentheses), and bare URLs as
// browsers and Markdown autolinkers recognise them (trailing punctuation is not part of one).
const MARKDOWN_LINK = /\[([^\]\n]*)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/;
const BARE_URL = /(?:\bhttps?:\/\/|\bwww\.)[^\s<>()[\]"'`]*[^\s<>()[\]"'`.,;:!?]/;
const LINKS = new RegExp(`${MARKDOWN_LINK.source}|${BARE_URL.source}`, 'gi');

const URL_STARTS = ['http://', 'https://', 'www.'];

/** The host without a leading `www.`, lowercased; null when it is not an http(s) URL. */
function hostOf(raw: string): string | null {
  try {
    const url = new URL(/^www\./i.test(raw) ? `https://${raw}` : raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** A URL as compared with the passages' (the parser's normal form). */
function normal(raw: string): string | null {
  try {
    return new URL(/^www\./i.test(raw) ? `https://${raw}` : raw).href;
  } catch {
    return null;
  }
}

/** Decides which link targets an answer may keep. */
export function linkPolicy(input: { website: string | null; passages: string[] }) {
  const website = input.website
    ? hostOf(/^[a-z][a-z0-9+.-]*:/i.test(input.website) ? input.website : `https://${input.website}`)
    : null;
  const written = new Set<string>();
  const mailAddresses = new Set<string>();
  for (const text of input.passages) {
    for (const match of text.matchAll(LINKS)) {
      const href = normal(match[2] ?? match[0]);
      if (href) written.add(href);
    }
    for (const match of text.matchAll(/[^\s<>()[\]"'`:]+@[^\s<>()[\]"'`]+\.[a-z]{2,}/gi)) {
      mailAddresses.add(match[0].toLowerCase());
    }
  }
  return (target: string): boolean => {
    if (/^mailto:/i.test(target)) {
      const address = target.slice('mailto:'.length).split('?')[0]!.toLowerCase();
      return mailAddresses.has(address) || (website !== null && address.endsWith(`@${website}`));
    }
    const host = hostOf(target);
    if (host === null) return false;
    if (website !== null && host === website) return true;
    const href = normal(target);
    return href !== null && written.has(href);
  };
}

/** The text with every link the policy refuses neutralised (Markdown: its text; bare: removed). */
export function neutraliseLinks(text: string, allowed: (target: string) => boolean): string {
  return text.replace(LINKS, (whole, label: string | undefined, href: string | undefined) => {
    if (label !== undefined && href !== undefined) return allowed(href) ? whole : label;
    return allowed(whole) ? whole : '';
  });
}

/** Where an unfinished Markdown link starts in `text`, or -1 when every `[` is settled. */
function openLinkAt(text: string): number {
  for (let at = text.indexOf('['); at !== -1; at = text.indexOf('[', at + 1)) {
    const rest = text.slice(at);
    const complete = /^\[[^\]\n]*\]\((?:[^()\s]|\([^()\s]*\))+\)/.exec(rest);
    if (complete) {
      at += complete[0].length - 1;
      continue;
    }
    // Still open: no `]` yet, a `]` that a `(` may follow, or a URL part not yet closed.
    if (/^\[[^\]\n]*$/.test(rest) || /^\[[^\]\n]*\]$/.test(rest)) return at;
    if (/^\[[^\]\n]*\]\((?:[^()\s]|\([^()\s]*\))*\(?[^()\s]*$/.test(rest)) return at;
  }
  return -1;
}

/** Where the last word starts when it is, or may become, a URL (outside complete Markdown links); else -1. */
function openUrlAt(text: string): number {
  let settled = 0;
  for (const match of text.matchAll(new RegExp(MARKDOWN_LINK.source, 'g')))
    settled = match.index + match[0].length;
  const word = /\S*$/.exec(text)!;
  for (let at = Math.max(word.index, settled); at < text.length; at++) {
    const rest = text.slice(at).toLowerCase();
    if (at > word.index && /[a-z0-9]/i.test(text[at - 1]!)) continue;
    if (URL_STARTS.some((start) => rest.startsWith(start) || start.startsWith(rest))) return at;
  }
  return -1;
}

/** Text this long that is still "open" is let through (filtered as it is): no link is that long. */
const MAX_HELD = 2048;

/**
 * Filters a streamed answer: `push` each piece and send what it returns (possibly nothing yet),
 * then send what `flush` returns at the end. The concatenation equals `neutraliseLinks` of the whole.
 */
export function linkFilter(allowed: (target: string) => boolean) {
  let held = '';
  return {
    push(piece: string): string {
      held += piece;
      const cuts = [openLinkAt(held), openUrlAt(held)].filter((at) => at !== -1);
      let cut = cuts.length > 0 ? Math.min(...cuts) : held.length;
      if (held.length - cut > MAX_HELD) cut = held.length;
      const ready = held.slice(0, cut);
      held = held.slice(cut);
      return neutraliseLinks(ready, allowed);
    },
    flush(): string {
      const rest = held;
      held = '';
      return neutraliseLinks(rest, allowed);
    },
  };
}
