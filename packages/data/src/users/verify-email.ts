/**
 * `POST user/verify-email`: proves the signed-in account's address with the 6-digit code mailed to
 * it (accepting an invitation with an unproved address answers 403 `email_unverified` and mails one).
 */
import type { MessageResult } from '@conversa/contract/common';
import * as routes from '@conversa/contract/routes/users';
import type { VerifyEmailBody } from '@conversa/contract/user';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { useWrite } from '../mutation';

/** Checks the code; answers the translated success message. */
export function verifyEmail(client: DataClient, body: EitherCase<VerifyEmailBody>): Promise<MessageResult> {
  return client.endpoint(routes.verifyEmail, { json: body, institution: false });
}

/** `trigger({code})`. */
export function useVerifyEmail() {
  return useWrite(routes.verifyEmail, verifyEmail);
}
