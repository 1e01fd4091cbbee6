/** /profile/about-your-school and /profile/about-your-business: the same page. */
import { AboutInstitutionPage } from '@conversa/ui/features/profile/about-institution';
import { useNavigate } from 'react-router';

export function Component() {
  const navigate = useNavigate();
  return <AboutInstitutionPage onNavigate={(path) => void navigate(path)} />;
}
