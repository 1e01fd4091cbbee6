/**
 * The safe Markdown subset of an answer (docs/architecture.md#the-widget-and-public-pages), rendered as elements, never as HTML: paragraphs,
 * line breaks, `-`/`*`/`1.` lists, **bold**, *italics* / _italics_ and `[links](url)` whose URL is
 * http(s) or mailto (any other link keeps only its text). Everything else, markup included, is text.
 */
import type { ReactNode } from 'react';

/** Block-level parts of a text: paragraphs and lists. */
type Block = { kind: 'p'; lines: string[] } | { kind: 'ul' | 'ol'; items: string[] };

const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
// Bold first, so `**x**` is not read as two italics; link text may itself hold bold or italics.
// A link's URL may hold one level of balanced parentheses (`https://en.wikipedia.org/wiki/Madrid_(city)`).
const INLINE =
  /\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*|\b_([^_\s][^_]*?)_\b|\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g;

/** The URL of a link when it is safe to follow (http, https, mailto), else null. */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:'
      ? url.href
      : null;
  } catch {
    // Relative or malformed: there is no base to resolve against inside the chat.
    return null;
  }
}

/** Splits a text into paragraphs and lists. */
function blocks(text: string): Block[] {
  const out: Block[] = [];
  let current = null as Block | null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      if (current?.kind !== kind) out.push((current = { kind, items: [] }));
      current.items.push((bullet ?? numbered)![1]!);
    } else if (!line.trim()) {
      current = null;
    } else {
      if (current?.kind !== 'p') out.push((current = { kind: 'p', lines: [] }));
      current.lines.push(line);
    }
  }
  return out;
}

/** Renders the inline marks of one line; `key` prefixes the keys of the parts. */
function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, bold, star, underscore, label, href] = match;
    const at = `${key}.${match.index}`;
    if (match.index > last) out.push(text.slice(last, match.index));
    if (bold !== undefined) out.push(<strong key={at}>{inline(bold, at)}</strong>);
    else if (star !== undefined || underscore !== undefined)
      out.push(<em key={at}>{inline((star ?? underscore)!, at)}</em>);
    else {
      const safe = safeHref(href!);
      out.push(
        safe ? (
          <a key={at} href={safe} target="_blank" rel="noopener noreferrer nofollow">
            {inline(label!, at)}
          </a>
        ) : (
          label
        ),
      );
    }
    last = match.index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** An answer's text as elements. */
export function Markdown({ text }: { text: string }) {
  return (
    <>
      {blocks(text).map((block, b) => {
        if (block.kind === 'p') {
          return (
            <p key={b}>
              {block.lines.flatMap((line, i) =>
                i === 0
                  ? inline(line, `${b}.${i}`)
                  : [<br key={`${b}.${i}`} />, ...inline(line, `${b}.${i}`)],
              )}
            </p>
          );
        }
        const items = block.items.map((item, i) => <li key={i}>{inline(item, `${b}.${i}`)}</li>);
        return block.kind === 'ul' ? <ul key={b}>{items}</ul> : <ol key={b}>{items}</ol>;
      })}
    </>
  );
}
