/** `POST auth/nonce`: a single-use nonce for the next Google or Microsoft sign-in. */
import type { SignInNonce } from '@conversa/contract/auth';
import * as routes from '@conversa/contract/routes/auth';
import type { CallOptions, DataClient } from '../client';

/**
 * Asks for a nonce to hand to Google Identity Services or MSAL; the ID token they return carries
 * it, and `auth/google` / `auth/microsoft` accept it once, within `expires_in_seconds`.
 */
export function requestSignInNonce(client: DataClient, options?: CallOptions): Promise<SignInNonce> {
  return client.endpoint(routes.nonce, { sessionCheck: false, ...options });
}
