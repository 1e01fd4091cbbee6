/** /profile/about-you. */
export { AboutYouPage as Component } from '@conversa/ui/features/profile/about-you';
