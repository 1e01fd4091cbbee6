/**
 * Rules of the chat pages: which sites may frame the chat (CSP `frame-ancestors` from the snippet's
 * allowed origins), which embedding origin the frame may talk to, and the pages' content policy.
 * Whether a chat session may start from an origin is the chat's rule (`chat/chat.service.ts`).
 */
import { asOrigin } from '@conversa/contract/assistant';
import { cleanOrigins } from '../chat';

/**
 * The embedding page's origin (embed.js's `?origin=`) the frame may exchange messages with: a
 * well-formed origin listed in the allowed origins, the server's own, or any site when none are
 * listed (any site may then embed the chat). Null otherwise: the frame then talks to no parent.
 */
export function parentOrigin(
  requested: string | undefined,
  allowed: readonly string[],
  ownOrigin: string,
): string | null {
  const origin = requested ? asOrigin(requested) : null;
  if (!origin) return null;
  const listed = cleanOrigins(allowed);
  return origin === ownOrigin || listed.length === 0 || listed.includes(origin) ? origin : null;
}

/** `frame-ancestors` of the chat frame: the allowed origins and the server itself; any site when none are listed. */
export function frameAncestors(allowed: readonly string[]): string {
  const listed = cleanOrigins(allowed);
  return listed.length === 0 ? "'self' *" : ["'self'", ...listed].join(' ');
}

/**
 * The pages' Content-Security-Policy: scripts and API calls only from this server, styles inline
 * as components set them, images also from the logo's https host, and framing as given.
 */
export function contentSecurityPolicy(ownOrigin: string, ancestors: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${ownOrigin}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' ${ownOrigin} data: https:`,
    `connect-src 'self' ${ownOrigin}`,
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}
