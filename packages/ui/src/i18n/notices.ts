/** Texts of the toasts the console shows (docs/product.md#errors-and-messages), to pass to `notifySuccess` / `notifyError`. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Success toasts. */
export const successNotices = {
  deleted: msg`Delete successfully.`,
  updated: msg`Update successfully.`,
  nameCreated: msg`Name was successfully created.`,
  profileUpdated: msg`Profile was successfully updated.`,
  passwordUpdated: msg`Password was successfully updated.`,
  phoneAdded: msg`Phone number successfully added.`,
  leadCreated: msg`Lead was successfully created.`,
  orderCreated: msg`Order was successfully created.`,
  phoneDeleted: msg`Phone number successfully deleted.`,
  faqUpdated: msg`FAQ was successfully updated.`,
  fieldsUpdated: msg`Fields were successfully updated.`,
  institutionUpdated: msg`Institution was successfully updated.`,
  snippetUpdated: msg`Snippet was successfully updated.`,
  copied: msg`Copied!`,
} satisfies Record<string, MessageDescriptor>;

/** Error toasts raised by the client itself. */
export const errorNotices = {
  sessionInvalid: msg`The session is no longer valid`,
  sessionExpired: msg`Your session has expired. Please sign in again.`,
  uploadFailed: msg`Upload file failed.`,
  fileNotProcessed: msg`The file could not be processed.`,
  notFound: msg`Not found`,
  institutionLost: msg`You are no longer a member of that institution.`,
} satisfies Record<string, MessageDescriptor>;
