/** /team (for `team.manage`): members, invitations and the invite dialog. */
import { TeamPage } from '@conversa/ui/features/team/team-page';

/** Route component. */
export function Component() {
  return <TeamPage />;
}
