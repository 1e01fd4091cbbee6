/**
 * /setup-assistant: the assistant setup wizard; once done it opens the new assistant's trainer (or,
 * for sales support, its allowed numbers). A person without an institution creates one here first.
 */
import { SetupAssistant } from '@conversa/ui/features/assistant/setup-assistant';
import { AboutSchoolStep } from '@conversa/ui/features/auth/steps/about-school-step';
import { useNavigate } from 'react-router';

/** Route component. */
export function Component() {
  const navigate = useNavigate();
  return (
    <SetupAssistant
      onDone={(path) => void navigate(path)}
      // The new institution is the session's: the wizard follows at once.
      createInstitution={<AboutSchoolStep onCreated={() => undefined} onBusy={() => undefined} />}
    />
  );
}
