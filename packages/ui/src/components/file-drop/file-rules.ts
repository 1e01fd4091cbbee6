/**
 * Which files an upload accepts: by default the knowledge base's documents (docs/product.md#validation:
 * TXT, DOCX or PDF; count and size limits from contract), or another set of types (a CSV).
 */
import { ValidationCode } from '@conversa/contract/codes';
import { FILE_TYPES } from '@conversa/contract/constants';

export type FileType = (typeof FILE_TYPES)[number];

/** Extensions a drop takes (lower case, no dot), each with its MIME type. */
export type FileTypes = Readonly<Record<string, string>>;

/** The knowledge base's documents. */
export const DOCUMENT_TYPES: Readonly<Record<FileType, string>> = {
  txt: 'text/plain',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

/** A CSV (the leads import). */
export const CSV_TYPES: FileTypes = { csv: 'text/csv' };

/** The `accept` attribute of a file picker taking `types`. */
export const acceptOf = (types: FileTypes): string =>
  Object.entries(types)
    .flatMap(([extension, mime]) => [`.${extension}`, mime])
    .join(',');

/** The `accept` attribute for the documents' file picker. */
export const FILE_ACCEPT = acceptOf(DOCUMENT_TYPES);

const extensionOf = (name: string) => (name.includes('.') ? (name.toLowerCase().split('.').pop() ?? '') : '');

/** The file's type by extension, or null when it is not one we take. */
export function fileTypeOf(name: string): FileType | null {
  const extension = extensionOf(name);
  return (FILE_TYPES as readonly string[]).includes(extension) ? (extension as FileType) : null;
}

/** Whether the file's extension is one of `types`. */
export const isOfTypes = (name: string, types: FileTypes): boolean => Object.hasOwn(types, extensionOf(name));

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
  limits: { maxFiles: number; maxMb: number; types?: FileTypes },
): { files: File[]; rejected: FileRejection[] } {
  const files = [...current];
  const rejected: FileRejection[] = [];
  for (const file of incoming) {
    if (files.some((kept) => kept.name === file.name && kept.size === file.size)) continue;
    if (!isOfTypes(file.name, limits.types ?? DOCUMENT_TYPES))
      rejected.push({ name: file.name, code: 'wrong_type' });
    else if (file.size > limits.maxMb * 1024 * 1024)
      rejected.push({ name: file.name, code: ValidationCode.fileTooLarge });
    else if (files.length >= limits.maxFiles)
      rejected.push({ name: file.name, code: ValidationCode.tooManyFiles });
    else files.push(file);
  }
  return { files, rejected };
}
