/** /profile/about-your-school and /profile/about-your-business: the same page. */
export { AboutInstitutionPage as Component } from '@conversa/ui/features/profile/about-institution';
