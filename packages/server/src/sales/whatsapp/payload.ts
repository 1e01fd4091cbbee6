/**
 * A WhatsApp Cloud API webhook delivery read into events (docs/architecture.md#sales-support):
 * incoming messages (with the sender's number when Meta gives one, else only a business-scoped user
 * id) and the delivery states of our replies. Unknown fields are ignored; a shape that is not a
 * delivery reads as no events.
 */
import * as v from 'valibot';

const Optional = v.optional(v.string());

const ContactSchema = v.object({
  profile: v.optional(v.object({ name: Optional })),
  wa_id: Optional,
  user_id: Optional,
});

const MessageSchema = v.object({
  id: v.string(),
  from: Optional,
  from_user_id: Optional,
  timestamp: Optional,
  type: v.optional(v.string(), 'unknown'),
  text: v.optional(v.object({ body: v.string() })),
});

const StatusSchema = v.object({
  id: v.string(),
  status: v.string(),
  timestamp: Optional,
  recipient_id: Optional,
  errors: v.optional(v.array(v.object({ code: v.optional(v.number()), title: Optional, message: Optional }))),
});

const ValueSchema = v.object({
  metadata: v.optional(v.object({ display_phone_number: Optional, phone_number_id: Optional })),
  contacts: v.optional(v.array(ContactSchema), []),
  messages: v.optional(v.array(MessageSchema), []),
  statuses: v.optional(v.array(StatusSchema), []),
});

export const DeliverySchema = v.object({
  object: Optional,
  entry: v.array(v.object({ changes: v.optional(v.array(v.object({ value: ValueSchema })), []) })),
});

/** A message a person sent to one of our numbers. */
export interface IncomingMessage {
  kind: 'message';
  /** Our number's id (the assistant's channel); null when the delivery does not say. */
  phoneNumberId: string | null;
  messageId: string;
  /** The sender's number as E.164 (`+` and digits); null for a sender known only by a user id. */
  from: string | null;
  /** The business-scoped user id, when given. */
  userId: string | null;
  profileName: string | null;
  at: Date | null;
  /** `text`, `image`, `audio`, `document`, `location`… */
  type: string;
  /** The text of a text message. */
  text: string | null;
}

/** What became of a message we sent. */
export interface StatusUpdate {
  kind: 'status';
  phoneNumberId: string | null;
  messageId: string;
  /** `sent`, `delivered`, `read`, `failed`… */
  status: string;
  recipient: string | null;
  at: Date | null;
  /** Meta's reason for a failure. */
  error: string | null;
}

export type WhatsAppEvent = IncomingMessage | StatusUpdate;

/** Meta's Unix-seconds timestamps. */
const dateOf = (seconds: string | undefined) =>
  seconds && /^\d+$/.test(seconds) ? new Date(Number(seconds) * 1000) : null;

/** `16505551234` as `+16505551234`; anything but digits is no number. */
const e164 = (digits: string | undefined) => (digits && /^\d{6,15}$/.test(digits) ? `+${digits}` : null);

/** The events of a delivery (parsed JSON), in order; none for anything that is not a delivery. */
export function eventsOf(json: unknown): WhatsAppEvent[] {
  const delivery = v.safeParse(DeliverySchema, json);
  if (!delivery.success) return [];
  const events: WhatsAppEvent[] = [];
  for (const entry of delivery.output.entry) {
    for (const { value } of entry.changes) {
      const phoneNumberId = value.metadata?.phone_number_id ?? null;
      for (const message of value.messages) {
        const contact = value.contacts.find(
          (candidate) =>
            (message.from && candidate.wa_id === message.from) ||
            (message.from_user_id && candidate.user_id === message.from_user_id),
        );
        events.push({
          kind: 'message',
          phoneNumberId,
          messageId: message.id,
          from: e164(message.from),
          userId: message.from_user_id ?? contact?.user_id ?? null,
          profileName: contact?.profile?.name ?? null,
          at: dateOf(message.timestamp),
          type: message.type,
          text: message.type === 'text' ? (message.text?.body ?? null) : null,
        });
      }
      for (const status of value.statuses) {
        const error = status.errors?.[0];
        events.push({
          kind: 'status',
          phoneNumberId,
          messageId: status.id,
          status: status.status,
          recipient: e164(status.recipient_id),
          at: dateOf(status.timestamp),
          error: error ? [error.code, error.title ?? error.message].filter(Boolean).join(' ') : null,
        });
      }
    }
  }
  return events;
}

/** The phone number ids a delivery names (to find the app secrets its signature may use). */
export function phoneNumberIdsOf(json: unknown): string[] {
  return [...new Set(eventsOf(json).flatMap((event) => (event.phoneNumberId ? [event.phoneNumberId] : [])))];
}
