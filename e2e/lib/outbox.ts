// The server's mail outbox (DATA_DIR/outbox/*.eml, written when SMTP_URL is unset), read as a
// mail client would: parsed with postal-mime, picked by recipient.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { UI_TIMEOUT_MS } from './timeouts';

/** One delivered mail. */
export interface Mail {
  file: string;
  to: string[];
  subject: string;
  text: string;
}

async function readMails(dataDir: string): Promise<Mail[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
  return Promise.all(
    files.map(async (file) => {
      const mail = await PostalMime.parse(readFileSync(file));
      return {
        file,
        to: (mail.to ?? []).map((address) => (address.address ?? '').toLowerCase()),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
      };
    }),
  );
}

/** The files already in the outbox, so `nextMail` waits for a new one. */
export async function outboxMark(dataDir: string): Promise<Set<string>> {
  return new Set((await readMails(dataDir)).map((mail) => mail.file));
}

/**
 * Waits (up to UI_TIMEOUT_MS) for a mail to `to` that is not in `seen` (and passes `match`, when given: the
 * server mails from background jobs, so another mail to the same person may arrive meanwhile).
 */
export async function nextMail(
  dataDir: string,
  to: string,
  seen: Set<string>,
  match: (mail: Mail) => boolean = () => true,
): Promise<Mail> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    const mail = (await readMails(dataDir)).find(
      (candidate) => !seen.has(candidate.file) && candidate.to.includes(to.toLowerCase()) && match(candidate),
    );
    if (mail) return mail;
    if (Date.now() > deadline)
      throw new Error(`no new mail to ${to} in the outbox within ${UI_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit sign-up code of a mail. */
export function codeOf(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
  return code;
}

/** Whether a mail carries a password reset link. */
export const hasResetLink = (mail: Mail) => /\/reset-password\?token=/.test(mail.text);

/** The password reset link of a mail. */
export function resetLinkOf(mail: Mail): string {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in the mail "${mail.subject}"`);
  return link;
}
