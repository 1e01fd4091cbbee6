export { FileDrop, type FileDropProps } from './file-drop';
export {
  acceptOf,
  addFiles,
  CSV_TYPES,
  DOCUMENT_TYPES,
  FILE_ACCEPT,
  type FileRejection,
  type FileType,
  type FileTypes,
  fileTypeOf,
  isOfTypes,
} from './file-rules';
