export { TypeToConfirmDialog, type TypeToConfirmDialogProps } from './type-to-confirm-dialog';
