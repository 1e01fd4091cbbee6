export { Dialog, DialogFooter, type DialogProps } from './dialog';
