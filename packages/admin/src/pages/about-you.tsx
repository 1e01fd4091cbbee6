/** /profile/about-you, with the deletion of one's own account below the profile. */
import { AboutYouPage } from '@conversa/ui/features/profile/about-you';
import { DeleteAccountSection } from '@conversa/ui/features/privacy/delete-account';
import { useNavigate } from 'react-router';

/** Route component. */
export function Component() {
  const navigate = useNavigate();
  return (
    <>
      <AboutYouPage />
      <DeleteAccountSection onDeleted={() => void navigate('/login')} />
    </>
  );
}
