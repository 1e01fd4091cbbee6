/**
 * A seller's entry between messages (entry-dialog.ts): what is stored per seller and assistant, what
 * one step reads and answers, and when an unfinished entry expires.
 */
import type { Locale } from '@conversa/contract/constants';
import type { FieldDefinition, FieldValue, OrderLine, RecordKind } from '@conversa/contract/sales';
import { ENTRY_TEXT } from './entry-text';

/** An unfinished entry expires after this long without a message. */
export const ENTRY_TTL_MS = 30 * 60 * 1000;

export type LineKey = 'product_code' | 'description' | 'quantity';

/** What the last reply asked for. */
export type Asking =
  | { step: 'field'; key: string }
  | { step: 'line'; key: LineKey }
  | { step: 'more_lines' }
  | { step: 'confirm' };

/** A seller's unfinished entry (stored as JSON between messages). */
export interface EntryState {
  kind: RecordKind;
  locale: Locale;
  /** Guided asks every field; `message` (one-message entry) asks only for what is required. */
  mode: 'guided' | 'message';
  /** Values by field key; null for a field left empty. */
  values: Record<string, FieldValue | null>;
  lines: OrderLine[];
  /** The order line being asked for, if any. */
  line: Partial<Record<LineKey, FieldValue | null>> | null;
  /** No more lines are asked for. */
  linesDone: boolean;
  asking: Asking;
  /** The WhatsApp message ids the entry came from. */
  messageIds: string[];
  /** The seller's last message (ISO). */
  updatedAt: string;
}

/** A confirmed entry, to store. */
export interface EntryRecord {
  kind: RecordKind;
  values: Record<string, FieldValue | null>;
  lines: OrderLine[];
  messageIds: string[];
}

/** One message of the seller, with what the step needs around it. */
export interface StepInput {
  text: string;
  messageId: string;
  now: Date;
  /** The seller's language when the message does not tell (their number's profile, else the assistant's). */
  locale: Locale;
  /** The institution's country, for phones written without their prefix. */
  country: string | null;
  /** The fields the assistant adds to each kind, in order. */
  configured: Record<RecordKind, readonly FieldDefinition[]>;
}

export interface StepResult {
  state: EntryState | null;
  replies: string[];
  record?: EntryRecord;
  /** False when the message is no part of an entry: the caller answers it as a question. */
  handled: boolean;
}

/** True when the entry has waited longer than ENTRY_TTL_MS for the seller. */
export function isExpired(state: EntryState, now: Date): boolean {
  return now.getTime() - Date.parse(state.updatedAt) > ENTRY_TTL_MS;
}

/** The text a seller gets when their entry expires. */
export const expiredText = (state: EntryState): string => ENTRY_TEXT[state.locale].expired(state.kind);
