import type { Invitation, Member } from '@conversa/contract/team';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, baseHandlers, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { invitations, members } from './story-fixtures';
import { TeamPage } from './team-page';

const handlers = (rows: Member[] = members, pending: Invitation[] = invitations) => [
  http.get(`${API}/institution/:id/member`, () => ok(rows)),
  http.put(`${API}/institution/:id/member/:userId`, async ({ params, request }) => {
    const body = (await request.json()) as { role: Member['role'] };
    const row = rows.find((member) => member.user_id === Number(params.userId))!;
    return ok({ ...row, role: body.role });
  }),
  http.post(`${API}/institution/:id/member/delete`, () =>
    ok({ message: 'Delete successfully.', code: 'deleted' }),
  ),
  http.get(`${API}/institution/:id/invitation`, () => ok(pending)),
  http.post(`${API}/institution/:id/invitation`, async ({ request }) => {
    const body = (await request.json()) as { email: string; role: Member['role'] };
    return ok({ ...invitations[0]!, id: 30, ...body }, { status: 201 });
  }),
  http.post(`${API}/invitation/:id/resend`, ({ params }) =>
    ok(invitations.find((row) => row.id === Number(params.id))),
  ),
  http.post(`${API}/invitation/delete`, () => ok({ message: 'Delete successfully.', code: 'deleted' })),
  ...baseHandlers,
];

const meta = {
  title: 'Features/Team/Team page',
  component: TeamPage,
  tags: ['autodocs'],
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof TeamPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {};

export const NoInvitations: Story = { parameters: { msw: { handlers: handlers(members, []) } } };

export const Waiting: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution/:id/member`, forever),
        http.get(`${API}/institution/:id/invitation`, forever),
        ...handlers(),
      ],
    },
  },
};

export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution/:id/member`, () => fail(500, 'server_error', 'Something went wrong.')),
        ...handlers(),
      ],
    },
  },
};

/** Demoting the only main member: the server refuses and says why. */
export const LastMain: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(`${API}/institution/:id/member/:userId`, async () => {
          await delay(100);
          return fail(409, 'last_main', 'The team needs at least one main administrator.');
        }),
        ...handlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(
      await canvas.findByLabelText(/^(Role of|Rol de) marta\.gil@colegiosol\.es/),
      'admin-staff',
    );
  },
};

export const ConfirmRemove: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('checkbox', { name: /^(Select|Seleccionar) lucia\.gomez@colegiosol\.es$/ }),
    );
    await userEvent.click(
      await canvas.findByRole('checkbox', { name: /^(Select|Seleccionar) pablo\.ortega@colegiosol\.es$/ }),
    );
    await userEvent.click(canvas.getByRole('button', { name: /^(Remove selected|Quitar seleccionados)$/ }));
  },
};

export const ConfirmRevoke: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: /^(Revoke the invitation to|Revocar la invitación a) carmen\.vidal@colegiosol\.es$/,
      }),
    );
  },
};

export const InviteDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Invite someone|Invitar a alguien)$/ }),
    );
  },
};

/** The address is already in the team: said above the form. */
export const AlreadyMember: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(`${API}/institution/:id/invitation`, async () => {
          await delay(100);
          return fail(409, 'already_member', 'This person is already a member of the team.');
        }),
        ...handlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Invite someone|Invitar a alguien)$/ }),
    );
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText(/^(Email|Correo)/), 'lucia.gomez@colegiosol.es');
    await userEvent.click(dialog.getByRole('button', { name: /^(Send invitation|Enviar invitación)$/ }));
  },
};

/** Admin staff: the main member's row and the main role are not theirs to touch. */
export const AdminStaff: Story = { decorators: [withData({ ...signedIn, roles: ['admin-staff'] })] };

export const NoPermission: Story = { decorators: [withData({ ...signedIn, roles: ['admissions_agent'] })] };

export const Spanish: Story = { globals: { locale: 'es' } };
