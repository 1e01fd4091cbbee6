/**
 * Offers desktop notifications for visitors waiting for a person (docs/product.md#live-conversations)
 * to members who may answer them, once: after the browser's answer it is gone.
 */
import { can } from '@conversa/contract/roles';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { askForNotifications, useNotificationState } from '../../primitives/desktop-notifications';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusSmall};
  p {
    flex: 1 1 16rem;
    margin: 0;
  }
`;

/** The offer, or nothing (already answered, no notifications, or no right to answer visitors). */
export function NotificationsPrompt() {
  const { t } = useLingui();
  const session = useSession();
  const state = useNotificationState();
  if (state !== 'default' || !can(session.roles, 'conversation.reply')) return null;
  return (
    <Bar role="region" aria-label={t`Desktop notifications`}>
      <p>{t`Get a desktop notification when a visitor asks to chat with a person.`}</p>
      <Button variant="secondary" onClick={() => void askForNotifications()}>
        {t`Turn on notifications`}
      </Button>
    </Bar>
  );
}
