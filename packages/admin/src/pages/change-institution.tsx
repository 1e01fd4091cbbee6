/** /change-institution (admins): a row click sets the institution, then the console starts over at the root. */
import { consolePaths } from '@conversa/ui/components/sidebar';
import { ChangeInstitutionPage } from '@conversa/ui/features/institutions/change-institution';
import { useNavigate } from 'react-router';

/** Route component. */
export function Component() {
  const navigate = useNavigate();
  return <ChangeInstitutionPage onSelected={() => navigate(consolePaths.root)} />;
}
