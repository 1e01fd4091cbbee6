/**
 * The one request every call to an OpenAI-compatible server makes (chat completions streamed or
 * structured, embeddings): a JSON POST to `{baseUrl}{path}` with the operator's key, if any.
 */

/** Where an OpenAI-compatible server is, and its key (a trailing `/` on the base is dropped). */
export interface OpenAiEndpoint {
  baseUrl: string;
  apiKey: string | null;
}

/** A success with a body to read. */
export type OpenAiResponse = Response & { body: ReadableStream<Uint8Array> };

/**
 * POSTs `body` as JSON. Resolves to the response when it is a success, else to its status with the
 * body dropped unread (the caller names the failure in its own error); rejects as `fetch` does.
 */
export async function postOpenAi(
  endpoint: OpenAiEndpoint,
  path: string,
  body: unknown,
  { signal, accept }: { signal: AbortSignal; accept?: string },
): Promise<OpenAiResponse | number> {
  const response = await fetch(`${endpoint.baseUrl.replace(/\/+$/u, '')}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accept ? { accept } : {}),
      ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
  if (response.ok && response.body) return response as OpenAiResponse;
  await response.body?.cancel().catch(() => undefined);
  return response.status;
}
