/**
 * The invite dialog: an e-mail address and a role, with 'what each role can do' beside the picker.
 * The link is mailed; an address already in the team or already invited is said above the form.
 */
import type { MemberRole } from '@conversa/contract/roles';
import { InviteBodySchema } from '@conversa/contract/team';
import { useSession } from '@conversa/data/provider';
import { useCreateInvitation } from '@conversa/data/team/invitations';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { Dialog } from '../../components/dialog/dialog';
import { EmailField } from '../../components/email-field/email-field';
import { Select } from '../../components/select/select';
import { notifySuccess } from '../../components/toaster/toaster';
import { Actions, SubmitForm } from '../../forms/form-layout';
import { useForm } from '../../forms/use-form';
import { roleLabels } from '../../i18n/roles';
import { assignableRoles, RoleMatrix } from './role-matrix';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(14rem, 1fr) minmax(16rem, 1.4fr);
  gap: ${({ theme }) => theme.space(6)};
  align-items: start;
  @media (max-width: 48rem) {
    grid-template-columns: 1fr;
  }
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const blank = { email: '', role: 'admissions_agent' as MemberRole };

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Invites into the session's institution; closes once the invitation is sent. */
export function InviteDialog({ open, onClose }: InviteDialogProps) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const form = useForm(InviteBodySchema, blank);
  const invite = useCreateInvitation();
  const roles = assignableRoles(session.roles);

  const close = () => {
    if (invite.isMutating) return;
    form.reset(blank);
    form.setFormError(null);
    onClose();
  };

  const submit = form.submit(async (values) => {
    if (!session.institutionId) return;
    try {
      const sent = await invite.trigger({ institutionId: session.institutionId, ...values });
      notifySuccess(t`Invitation sent to ${sent.email}.`);
      form.reset(blank);
      onClose();
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <Dialog open={open} onClose={close} size="large" title={t`Invite someone`}>
      <SubmitForm onSubmit={submit} error={form.formError}>
        <Columns>
          <Fields>
            <EmailField
              whose="other"
              required
              hint={t`We send them a link valid for 7 days.`}
              {...form.bind('email')}
            />
            <Select
              label={t`Role`}
              name="role"
              required
              options={roles.map((role) => ({ value: role, label: i18n._(roleLabels[role]) }))}
              value={form.values.role}
              onChange={(role) => form.set('role', role as MemberRole)}
              error={form.errors.role}
            />
          </Fields>
          <RoleMatrix roles={roles} chosen={form.values.role} />
        </Columns>
        <Actions>
          <Button variant="secondary" type="button" disabled={invite.isMutating} onClick={close}>
            {t`Cancel`}
          </Button>
          <Button type="submit" waiting={invite.isMutating}>
            {t`Send invitation`}
          </Button>
        </Actions>
      </SubmitForm>
    </Dialog>
  );
}
