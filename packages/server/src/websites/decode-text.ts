/** Bytes a site sent (robots.txt, sitemaps, pages) as text: crawl-seed.ts and the HTML thread. */

/** Bytes as text, in the charset they declare (header, else meta) if the decoder knows it. */
export function decodeText(bytes: Uint8Array, contentType: string): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const label =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
