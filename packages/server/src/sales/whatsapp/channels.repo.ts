/**
 * WhatsApp channels (docs/architecture.md#sales-support): per sales-support assistant, the number's
 * id Meta gives and the secrets, sealed with the server's stored-secrets key (sealed.ts). Only this
 * module opens them, for the webhook and the Graph API; no route answers them.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { whatsappChannels } from '../../db/sales-schema';
import { seal, unseal } from './sealed';

export type ChannelRow = typeof whatsappChannels.$inferSelect;

/** The secrets of a channel, opened. */
export interface OpenChannel {
  institutionId: number;
  assistantId: number;
  phoneNumberId: string;
  accessToken: string | null;
  appSecret: string | null;
}

/** How a verify token is looked up without opening every seal. */
export const verifyTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function channelsRepo(db: Db, key: Uint8Array) {
  const open = (row: ChannelRow, sealed: string | null) =>
    sealed === null ? null : unseal(key, row.assistantId, sealed);
  const opened = (row: ChannelRow): OpenChannel => ({
    institutionId: row.institutionId,
    assistantId: row.assistantId,
    phoneNumberId: row.phoneNumberId,
    accessToken: open(row, row.accessToken),
    appSecret: open(row, row.appSecret),
  });

  return {
    /** An assistant's channel row (secrets still sealed); null when none was set. */
    async find(institutionId: number, assistantId: number): Promise<ChannelRow | null> {
      const [row] = await db
        .select()
        .from(whatsappChannels)
        .where(
          and(
            eq(whatsappChannels.institutionId, institutionId),
            eq(whatsappChannels.assistantId, assistantId),
          ),
        );
      return row ?? null;
    },

    /**
     * Sets an assistant's channel: the number's id, and each secret given (null keeps the stored
     * one). False when another assistant already uses that number's id.
     */
    async save(
      ref: { institutionId: number; assistantId: number },
      input: {
        phoneNumberId: string;
        accessToken: string | null;
        appSecret: string | null;
        verifyToken: string | null;
      },
    ): Promise<ChannelRow | false> {
      const sealed = (secret: string | null) =>
        secret === null ? undefined : seal(key, ref.assistantId, secret);
      const changes = {
        phoneNumberId: input.phoneNumberId,
        accessToken: sealed(input.accessToken),
        appSecret: sealed(input.appSecret),
        verifyToken: sealed(input.verifyToken),
        verifyTokenHash: input.verifyToken === null ? undefined : verifyTokenHash(input.verifyToken),
        updatedAt: new Date(),
      };
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ assistantId: whatsappChannels.assistantId })
          .from(whatsappChannels)
          .where(eq(whatsappChannels.phoneNumberId, input.phoneNumberId));
        if (taken && taken.assistantId !== ref.assistantId) return false;
        const [row] = await tx
          .insert(whatsappChannels)
          .values({ ...ref, ...changes })
          .onConflictDoUpdate({ target: whatsappChannels.assistantId, set: changes })
          .returning();
        return row!;
      });
    },

    /** An assistant's channel with its secrets opened (for sending); null when none. */
    async openFor(institutionId: number, assistantId: number): Promise<OpenChannel | null> {
      const row = await this.find(institutionId, assistantId);
      return row ? opened(row) : null;
    },

    /** The channel of a number's id with its secrets opened (the webhook's); null when none. */
    async byPhoneNumberId(phoneNumberId: string): Promise<OpenChannel | null> {
      const [row] = await db
        .select()
        .from(whatsappChannels)
        .where(eq(whatsappChannels.phoneNumberId, phoneNumberId));
      return row ? opened(row) : null;
    },

    /** The channels of numbers' ids with their secrets opened (the webhook's), one query. */
    async byPhoneNumberIds(phoneNumberIds: readonly string[]): Promise<OpenChannel[]> {
      if (phoneNumberIds.length === 0) return [];
      const rows = await db
        .select()
        .from(whatsappChannels)
        .where(inArray(whatsappChannels.phoneNumberId, [...phoneNumberIds]));
      return rows.map(opened);
    },

    /** Whether some channel has this verify token (the webhook handshake). */
    async hasVerifyToken(token: string): Promise<boolean> {
      const rows = await db
        .select()
        .from(whatsappChannels)
        .where(eq(whatsappChannels.verifyTokenHash, verifyTokenHash(token)));
      // The hash finds it; the seal, opened, proves it (a hash collision is not a token).
      return rows.some((row) => open(row, row.verifyToken) === token);
    },
  };
}
