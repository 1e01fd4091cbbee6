/**
 * An assistant's uploaded files and their processing (docs/architecture.md#knowledge-and-answers): the list item, the failure reasons
 * a user can act on, bulk delete, and the server-sent events the console follows.
 */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import { FILE_TYPES } from './constants';
import { idsBodySchema } from './fields';

export const FileTypeSchema = v.picklist(FILE_TYPES);
export type FileType = (typeof FILE_TYPES)[number];

export const FILE_STATES = ['processing', 'ready', 'failed'] as const;
export type FileState = (typeof FILE_STATES)[number];

/**
 * Why a file could not be used, each with its own translated text in the console:
 * - `no_text_layer`: a scanned or image-only PDF (no text to read);
 * - `encrypted`: a password-protected document;
 * - `corrupt`: the file is damaged or not what its name says;
 * - `empty`: it opened but has no text;
 * - `too_large`: its content expands past the limits (pages, text, a zip bomb);
 * - `too_complex`: reading it took longer or more memory than allowed;
 * - `unsupported`: not TXT, DOCX or PDF.
 */
export const FILE_FAILURE_REASONS = [
  'no_text_layer',
  'encrypted',
  'corrupt',
  'empty',
  'too_large',
  'too_complex',
  'unsupported',
] as const;
export type FileFailureReason = (typeof FILE_FAILURE_REASONS)[number];

/** `GET/POST institution-product/{id}/file` item. */
export const AssistantFileSchema = v.object({
  id: v.number(),
  name: v.string(),
  type: FileTypeSchema,
  /** Bytes. */
  size: v.number(),
  state: v.picklist(FILE_STATES),
  reason: v.nullable(v.picklist(FILE_FAILURE_REASONS)),
  created_at: v.string(),
  updated_at: v.string(),
});
export type AssistantFile = v.InferOutput<typeof AssistantFileSchema>;

/** `POST institution-product/{id}/file/delete` body. */
export const DeleteFilesBodySchema = idsBodySchema(
  v.pipe(v.number(C.invalidValue), v.integer(C.invalidValue), v.minValue(1, C.invalidValue)),
);
export type DeleteFilesBody = v.InferOutput<typeof DeleteFilesBodySchema>;

/**
 * `GET institution-product/{id}/events` (text/event-stream): `event: file` with a AssistantFile as
 * data whenever a file is added, changes state or is deleted (`deleted: true`).
 */
export const FileEventSchema = v.object({
  ...AssistantFileSchema.entries,
  deleted: v.optional(v.boolean()),
});
export type FileEvent = v.InferOutput<typeof FileEventSchema>;
export const FILE_EVENT = 'file';
