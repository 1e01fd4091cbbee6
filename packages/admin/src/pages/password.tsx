/** /profile/password. */
export { ChangePasswordPage as Component } from '@conversa/ui/features/profile/change-password';
