/**
 * What the console says about an uploaded file: its state (docs/product.md#states texts), why it failed (one
 * actionable text per contract reason), and its size and date in the user's locale.
 */
import type { AssistantFile, FileFailureReason, FileState } from '@conversa/contract/knowledge';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorNotices } from '../../i18n/notices';

/**
 * docs/product.md#states: processing, then ready or failed. A failure is the error catalogue's text,
 * with its period (SPEC §8), the same one the toast shows.
 */
export const fileStateTexts = {
  processing: msg`we're processing your file, it will be available shortly`,
  ready: msg`All set! Your file is ready to use`,
  failed: errorNotices.fileNotProcessed,
} satisfies Record<FileState, MessageDescriptor>;

/** Short state names for the badge. */
export const fileStateLabels = {
  processing: msg`Processing`,
  ready: msg`Ready`,
  failed: msg`Failed`,
} satisfies Record<FileState, MessageDescriptor>;

/** Why a file failed, in words that say what to do about it. */
export const fileFailureTexts = {
  no_text_layer: msg`This PDF has no text layer (it is a scan or images). Upload a PDF with selectable text or a DOCX.`,
  encrypted: msg`The document is protected with a password. Remove the protection and upload it again.`,
  corrupt: msg`The file is damaged or is not really a TXT, DOCX or PDF file. Save or export it again and upload the new copy.`,
  empty: msg`The file has no text to learn from. Check that you chose the right file.`,
  too_large: msg`The content is too large once opened (too many pages or too much text). Split it into smaller files.`,
  too_complex: msg`Reading the file took too long. Simplify it (fewer images or pages) or split it, then upload it again.`,
  unsupported: msg`This type of file is not supported. Upload a TXT, DOCX or PDF file.`,
} satisfies Record<FileFailureReason, MessageDescriptor>;

/** The state of a file as sentences (for announcements), with the failure reason after it when there is one. */
export function fileStatusText(file: Pick<AssistantFile, 'state' | 'reason'>, i18n: I18n): string {
  const text = i18n._(fileStateTexts[file.state]);
  const state = text.endsWith('.') ? text : `${text}.`;
  if (file.state !== 'failed' || !file.reason) return state;
  return `${state} ${i18n._(fileFailureTexts[file.reason])}`;
}

/** `12 KB`, `3.4 MB`: bytes in the locale's number format. */
export function fileSize(bytes: number, i18n: I18n): string {
  if (bytes < 1024 * 1024) return `${i18n.number(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${i18n.number(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;
}
