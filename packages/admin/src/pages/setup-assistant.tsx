/** /setup-assistant: the assistant setup wizard; once done it opens the new assistant's trainer. */
import { SetupAssistant } from '@conversa/ui/features/assistant/setup-assistant';
import { useNavigate } from 'react-router';

/** Route component. */
export function Component() {
  const navigate = useNavigate();
  return <SetupAssistant onDone={(path) => void navigate(path)} />;
}
