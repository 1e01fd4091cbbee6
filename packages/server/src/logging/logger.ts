/**
 * The process logger (pino, JSON lines). Secrets never reach a log line: whatever a call puts in
 * its object, the fields that carry credentials (authorization headers and cookies, passwords,
 * sign-up codes, reset and session tokens, provider ID tokens, WhatsApp channels' access tokens, app
 * secrets and verify tokens) are replaced before the line is
 * written, at the top level and up to two objects deep (`req.headers.authorization`,
 * `body.current_password`).
 */
import pino, { type DestinationStream, type Logger } from 'pino';

/** Keys whose values are secrets wherever they appear. */
const SECRET_KEYS = [
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'password',
  'current_password',
  'new_password',
  'passwordHash',
  'password_hash',
  'verification_code',
  'verification_token',
  'token',
  'jwt',
  'credential',
  'id_token',
  'access_token',
  'refresh_token',
  'secret',
  'jwtSecret',
  // A WhatsApp channel's secrets, as the API names them and as the server does.
  'app_secret',
  'verify_token',
  'accessToken',
  'appSecret',
  'verifyToken',
];

/** The redacted paths: each secret key at the top level and one or two levels down. */
export const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  // A request body's `code` is a sign-up code; elsewhere `code` names an error (`err.code`), kept.
  'code',
  'body.code',
  '*.body.code',
];

/** Creates the logger; `destination` is for tests that read the lines. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
