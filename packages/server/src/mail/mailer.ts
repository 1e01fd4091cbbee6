/**
 * Outgoing mail with nodemailer: through SMTP_URL when set, else each message is written as an
 * `.eml` file to DATA_DIR/outbox/ and logged in one line (docs/architecture.md#running-and-configuration).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { makePrivateDir, writePrivateFile } from '../paths';

export interface Mail {
  to: string;
  /** Where a reply goes (a visitor's address), when not to the sender. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Builds the mailer for a configuration. */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from, ...mail });
        // The message id, never the recipient nor the subject: a log line holds no one's address.
        logger.info({ messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      makePrivateDir(outboxDir);
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      writePrivateFile(file, info.message as Buffer);
      logger.info({ messageId: info.messageId, file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
