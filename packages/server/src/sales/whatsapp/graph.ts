/**
 * Replies through the WhatsApp Cloud API (`POST {WHATSAPP_GRAPH_URL}/{version}/{phone_number_id}/messages`,
 * docs/architecture.md#sales-support): a text message to a number. A refusal says whether trying
 * again may help (rate limits, Meta's own failures, a lost connection) or not (a bad token, a number
 * that is not on WhatsApp), so the job queue retries only the first kind.
 */
import { readBounded } from '../../http/read-bounded';

/** The Graph API version the requests name, pinned: Meta changes payloads between versions. */
export const GRAPH_API_VERSION = 'v23.0';
/** A send that takes longer than this is abandoned (and retried). */
export const SEND_TIMEOUT_MS = 10_000;
/** A Graph API answer is a small JSON object: refused past this size. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The answer's JSON, or null when it is none (or too large to be one). */
const answerOf = (response: Response): Promise<unknown> =>
  readBounded(response, MAX_ANSWER_BYTES)
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => null);

/** Where and as whom a channel sends. */
export interface GraphChannel {
  graphUrl: string;
  phoneNumberId: string;
  accessToken: string;
}

/** A send Meta refused or that did not reach it. */
export class GraphSendError extends Error {
  constructor(
    message: string,
    /** True when the same request may succeed later. */
    readonly retryable: boolean,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'GraphSendError';
  }
}

/** A number's node on the Graph API (`{graph}/{version}/{phone_number_id}`), then `rest`. */
const numberUrl = (graphUrl: string, phoneNumberId: string, rest: string) =>
  `${graphUrl.replace(/\/+$/, '')}/${GRAPH_API_VERSION}/${encodeURIComponent(phoneNumberId)}${rest}`;

/** Sends `body` to `to` (E.164); resolves to the id Meta gives the message (`wamid…`). */
export async function sendText(
  channel: GraphChannel,
  to: string,
  body: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const url = numberUrl(channel.graphUrl, channel.phoneNumberId, '/messages');
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${channel.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: to.replace(/^\+/, ''),
        type: 'text',
        text: { preview_url: false, body },
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GraphSendError(`the Graph API could not be reached: ${(error as Error).message}`, true, null);
  }
  const answer = (await answerOf(response)) as {
    messages?: { id?: string }[];
    error?: { message?: string; code?: number };
  } | null;
  if (!response.ok) {
    const reason = answer?.error?.message ?? response.statusText;
    // 429 and 5xx may pass later; Meta's throttling code 4 / 80007 / 130429 come as 400s too.
    const throttled = [4, 80007, 130429, 131056].includes(answer?.error?.code ?? 0);
    throw new GraphSendError(
      `the Graph API refused the message (${response.status}): ${reason}`,
      response.status === 429 || response.status >= 500 || throttled,
      response.status,
    );
  }
  const id = answer?.messages?.[0]?.id;
  if (!id) throw new GraphSendError('the Graph API answered without a message id', true, response.status);
  return id;
}

/** A number check that did not reach Meta, or Meta failed to answer (nothing is known about the number). */
export class GraphUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GraphUnreachableError';
  }
}

/**
 * Whether `accessToken` can read the number `phoneNumberId` (`GET {graph}/{version}/{phone_number_id}`
 * answers that id): the proof that a channel's number is the business's own before it is bound to an
 * assistant. False when Meta refuses the token or the number (4xx); throws `GraphUnreachableError`
 * when Meta cannot be reached or fails (5xx), so the caller says so instead of refusing the number.
 */
export async function ownsNumber(
  graphUrl: string,
  phoneNumberId: string,
  accessToken: string,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  const url = numberUrl(graphUrl, phoneNumberId, '?fields=id,display_phone_number,verified_name');
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GraphUnreachableError(`the Graph API could not be reached: ${(error as Error).message}`);
  }
  const answer = (await answerOf(response)) as { id?: unknown } | null;
  if (response.status === 429 || response.status >= 500) {
    throw new GraphUnreachableError(`the Graph API failed to answer (${response.status})`);
  }
  return response.ok && answer?.id === phoneNumberId;
}
