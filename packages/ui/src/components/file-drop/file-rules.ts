/** Which files an upload accepts (docs/product.md#validation: TXT, DOCX or PDF; count and size limits from contract). */
import { ValidationCode } from '@conversa/contract/codes';
import { FILE_TYPES } from '@conversa/contract/constants';

export type FileType = (typeof FILE_TYPES)[number];

const MIME: Record<FileType, string> = {
  txt: 'text/plain',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

/** The `accept` attribute for the file picker. */
export const FILE_ACCEPT = FILE_TYPES.flatMap((type) => [`.${type}`, MIME[type]]).join(',');

/** The file's type by extension, or null when it is not one we take. */
export function fileTypeOf(name: string): FileType | null {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return (FILE_TYPES as readonly string[]).includes(extension) ? (extension as FileType) : null;
}

/** One refused file and why; `code` is a contract code except for `wrong_type`. */
export interface FileRejection {
  name: string;
  code: typeof ValidationCode.fileTooLarge | typeof ValidationCode.tooManyFiles | 'wrong_type';
}

/**
 * Adds `incoming` to `current`: wrong types and files over `maxMb` are refused, files past
 * `maxFiles` too, and a file already in the list (same name and size) is skipped.
 */
export function addFiles(
  current: File[],
  incoming: File[],
  limits: { maxFiles: number; maxMb: number },
): { files: File[]; rejected: FileRejection[] } {
  const files = [...current];
  const rejected: FileRejection[] = [];
  for (const file of incoming) {
    if (files.some((kept) => kept.name === file.name && kept.size === file.size)) continue;
    if (!fileTypeOf(file.name)) rejected.push({ name: file.name, code: 'wrong_type' });
    else if (file.size > limits.maxMb * 1024 * 1024)
      rejected.push({ name: file.name, code: ValidationCode.fileTooLarge });
    else if (files.length >= limits.maxFiles)
      rejected.push({ name: file.name, code: ValidationCode.tooManyFiles });
    else files.push(file);
  }
  return { files, rejected };
}
