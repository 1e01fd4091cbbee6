/** `POST user/register-by-email`: mails a 6-digit sign-up code. */
import * as routes from '@conversa/contract/routes/users';
import type { RegisterByEmailBody, RegisterByEmailResult } from '@conversa/contract/user';
import type { EitherCase } from '../case';
import type { DataClient } from '../client';
import { detectLocale } from '../locale';
import { useWrite } from '../mutation';

/** Mails the code in the UI's language unless a locale is given; answers the resend cooldown. */
export function registerByEmail(
  client: DataClient,
  body: EitherCase<RegisterByEmailBody>,
): Promise<RegisterByEmailResult> {
  const locale = client.session.getSnapshot().locale ?? detectLocale();
  return client.endpoint(routes.registerByEmail, { json: { locale, ...body } });
}

/** `trigger({email})` mails a code; `data.resend_after_seconds` drives the resend timer. */
export function useRegisterByEmail() {
  return useWrite(routes.registerByEmail, registerByEmail);
}
