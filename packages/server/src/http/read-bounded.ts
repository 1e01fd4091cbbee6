/**
 * Reading the body of an answer from a peer the server calls (the model, the embeddings endpoint,
 * the Graph API) without trusting its size: a misbehaving or hostile peer must not fill the memory.
 */

/** The answer was larger than the caller accepts. */
export class BodyTooLargeError extends Error {
  constructor(readonly max: number) {
    super(`the answer is larger than ${max} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** The body as text, refused (BodyTooLargeError, the rest left unread) past `max` bytes. */
export async function readBounded(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(max);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > max) throw new BodyTooLargeError(max);
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
