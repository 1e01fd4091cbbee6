export { FileDrop, type FileDropProps } from './file-drop';
export { addFiles, FILE_ACCEPT, type FileRejection, type FileType, fileTypeOf } from './file-rules';
