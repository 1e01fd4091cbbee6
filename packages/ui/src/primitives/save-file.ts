/** Saves a blob as a file through a temporary `<a download>` (the browser's own download). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
