/**
 * Reading a fetched page (docs/architecture.md#websites): HTML's main text and links in the HTML
 * thread (html-thread.ts), or a PDF's or DOCX's text through the extraction process; then indexing only what changed. A page with the
 * same text as before is not indexed again (its fingerprint); the same text under a second address
 * of the site is `duplicate`; a page gone takes its passages with it (`forget`); a page too large
 * or too complex to read this time keeps what it taught.
 */
import { createHash } from 'node:crypto';
import type { FileFailureReason } from '@conversa/contract/knowledge';
import type { WebsiteFailureReason } from '@conversa/contract/website';
import { chunkText, extractText, fileTypeSniffer, normalizeText, replaceChunks } from '../knowledge';
import type { CrawlContext } from './crawl-context';
import { type FetchedPage, isHtml } from './crawler-fetch';
import { readHtmlInThread } from './html-thread';
import type { PageRow, PageUpdate, WebsiteRow } from './websites.repo';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A document's failure as a page's reason. */
const documentReason = (reason: FileFailureReason): WebsiteFailureReason =>
  reason === 'no_text_layer' || reason === 'empty'
    ? 'no_text'
    : reason === 'too_large' || reason === 'too_complex'
      ? 'too_large'
      : 'not_html';

/** A document's name in its address (its last path segment), as its title. */
function fileName(url: string): string | null {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || null;
  } catch {
    return last || null;
  }
}

/** A page's fields when it no longer holds anything. */
export const gone = { passages: 0, fingerprint: null, etag: null, lastModified: null } as const;

/** The reading and indexing of pages for one process's crawler. */
export function pageReader(ctx: CrawlContext) {
  const { deps, repo, counters } = ctx;

  /** Makes `chunks` the page's passages in the assistant's knowledge (none: the page teaches nothing). */
  const setPassages = (site: WebsiteRow, page: PageRow, chunks: string[]) =>
    replaceChunks(deps.db, {
      institutionId: site.institutionId,
      assistantId: site.assistantId,
      fileId: null,
      pageId: page.id,
      source: 'website',
      chunks,
    });

  /** Drops a page's passages (it is gone, or no longer the site's). */
  async function forget(site: WebsiteRow, page: PageRow) {
    if (page.passages === 0 && page.fingerprint === null) return;
    await setPassages(site, page, []);
  }

  /** Reads a fetched page or document, indexes what changed; answers the links to follow. */
  async function read(
    site: WebsiteRow,
    page: PageRow,
    fetched: FetchedPage,
    record: (update: PageUpdate) => Promise<PageRow | null>,
  ): Promise<string[]> {
    const now = () => deps.clock.now();
    const validators = { etag: fetched.etag, lastModified: fetched.lastModified, fetchedAt: now() };
    const fail = async (reason: WebsiteFailureReason, state: 'failed' | 'skipped' = 'failed') => {
      // A page too large or too complex to read this time keeps what it taught; any other
      // outcome says what the page is now.
      if (reason === 'too_large' || reason === 'too_complex') {
        await record({ state, reason, fetchedAt: validators.fetchedAt });
        return [];
      }
      await forget(site, page);
      await record({ state, reason, ...validators, ...gone });
      return [];
    };
    let title: string | null = null;
    let text: string;
    let links: string[] = [];
    let kind: string;
    if (isHtml(fetched.contentType)) {
      const outcome = await readHtmlInThread(fetched, deps.readTimeoutMs);
      if (!outcome.ok) return fail(outcome.reason);
      const { content } = outcome;
      links = content.links;
      if (content.noindex) return (await fail('blocked_by_robots', 'skipped'), links);
      title = content.title;
      text = normalizeText(content.text);
      kind = 'html';
    } else {
      const sniffer = fileTypeSniffer(new URL(fetched.url).pathname);
      sniffer.push(fetched.bytes);
      const type = sniffer.type();
      if (type !== 'pdf' && type !== 'docx') return fail('not_html', 'skipped');
      // A plain Uint8Array: a Buffer would not cross to the extraction process as bytes.
      const result = await extractText(new Uint8Array(fetched.bytes), type, deps.extractLimits);
      if (!result.ok) return fail(documentReason(result.reason));
      text = result.text;
      title = fileName(fetched.url);
      kind = type;
    }
    if (text.trim() === '') return (await fail('no_text'), links);

    const fingerprint = sha256(`${title ?? ''}\n${text}`);
    if (fingerprint === page.fingerprint && page.passages > 0) {
      if (counters) counters.unchanged += 1;
      await record({ state: 'ready', reason: null, title, kind, ...validators });
      return links;
    }
    if (await repo.sameText(site.id, page.id, fingerprint)) {
      await forget(site, page);
      await record({ state: 'skipped', reason: 'duplicate', title, kind, ...validators, ...gone });
      return links;
    }
    // The title leads the passages, so a question naming the page finds it.
    const body = title && !text.startsWith(title) ? `${title}\n\n${text}` : text;
    const chunks = chunkText(body);
    await setPassages(site, page, chunks);
    if (counters) counters.indexed += 1;
    await record({
      state: 'ready',
      reason: null,
      title,
      kind,
      fingerprint,
      passages: chunks.length,
      changedAt: now(),
      ...validators,
    });
    return links;
  }

  return { read, forget };
}
