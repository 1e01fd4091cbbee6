/**
 * The bulk actions of a list page: delete the selected rows once the user confirms (a toast says
 * how it went; the selection clears on success), and download the filtered list as a file.
 */
import { useState } from 'react';
import { notifyError, notifySuccess } from '../components/toaster/toaster';
import { successMessage } from '../i18n/codes';
import { saveFile } from '../primitives/save-file';
import { useFailureText } from './use-failure-text';

export interface ListActionsOptions<Id> {
  /** The selected rows' ids, and how to clear the selection. */
  selection: { present: readonly { id: Id }[]; clear(): void };
  /** Deletes rows; resolves to the server's success code and message. */
  remove(ids: Id[]): Promise<{ code: string; message: string }>;
  /** Fetches the list as a file. */
  download(): Promise<{ blob: Blob; filename: string }>;
}

export function useListActions<Id>({ selection, remove, download }: ListActionsOptions<Id>) {
  const failureText = useFailureText();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);

  return {
    /** True while the delete confirmation is open. */
    confirming,
    askToDelete: () => setConfirming(true),
    cancelDelete: () => setConfirming(false),
    async confirmDelete() {
      try {
        const result = await remove(selection.present.map((row) => row.id));
        notifySuccess(successMessage(result.code, result.message));
        selection.clear();
      } catch (error) {
        notifyError(failureText(error));
      } finally {
        setConfirming(false);
      }
    },
    /** True while the file is being fetched. */
    downloading,
    async download() {
      setDownloading(true);
      try {
        const { blob, filename } = await download();
        saveFile(blob, filename);
      } catch (error) {
        notifyError(failureText(error));
      } finally {
        setDownloading(false);
      }
    },
  };
}
