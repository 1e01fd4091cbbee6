/** The named limits of the API (DESIGN §4): keys and sizes in one place. */
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS, MAILS_PER_HOUR } from '@conversa/contract/constants';
import type { RateLimit } from './rate-limit.service';

const HOUR = 60 * 60;
/** Sign-up codes and reset mails one IP may ask for in an hour, across all addresses. */
export const MAIL_REQUESTS_PER_IP_PER_HOUR = 20;

/** Failed logins of one account (by e-mail, whether or not it exists). */
export const loginAccountLimit = (email: string): RateLimit => ({
  key: `login:account:${email}`,
  max: LOGIN_MAX_FAILURES,
  windowSeconds: LOGIN_WINDOW_SECONDS,
});

/** Failed logins from one IP, whatever the account. */
export const loginIpLimit = (ip: string): RateLimit => ({
  key: `login:ip:${ip}`,
  max: LOGIN_MAX_FAILURES,
  windowSeconds: LOGIN_WINDOW_SECONDS,
});

/** Verification codes and reset mails to one address. */
export const mailAddressLimit = (email: string): RateLimit => ({
  key: `mail:address:${email}`,
  max: MAILS_PER_HOUR,
  windowSeconds: HOUR,
});

/** Verification codes and reset mails asked for from one IP. */
export const mailIpLimit = (ip: string): RateLimit => ({
  key: `mail:ip:${ip}`,
  max: MAIL_REQUESTS_PER_IP_PER_HOUR,
  windowSeconds: HOUR,
});
