import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { ChangePasswordPage } from './change-password';

const changed = http.post(`${API}/user/change-password`, () =>
  ok({ code: 'password_updated', message: 'Password was successfully updated.' }),
);

const meta = {
  title: 'Features/Profile/Change password',
  component: ChangePasswordPage,
  tags: ['autodocs'],
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: [changed] } },
} satisfies Meta<typeof ChangePasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const fill =
  (current: string, next: string, repeat: string): Story['play'] =>
  async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // An empty string is not something user-event can type: the field stays blank.
    if (current) await userEvent.type(canvas.getByLabelText(/^Current password|^Contraseña actual/), current);
    await userEvent.type(canvas.getByLabelText(/^New password|^Nueva contraseña/), next);
    await userEvent.type(canvas.getByLabelText(/^Repeat new password|^Repite la nueva contraseña/), repeat);
    await userEvent.click(canvas.getByRole('button', { name: /^Update password$|^Actualizar contraseña$/ }));
  };

export const Initial: Story = {};
export const RulesBroken: Story = { play: fill('', 'password', 'passw0rd') };
export const WrongCurrentPassword: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(`${API}/user/change-password`, () =>
          fail(400, 'wrong_current_password', 'The current password is incorrect.'),
        ),
      ],
    },
  },
  play: fill('Old-passw0rd', 'N3wPassword', 'N3wPassword'),
};
export const Saving: Story = {
  parameters: { msw: { handlers: [http.post(`${API}/user/change-password`, forever)] } },
  play: fill('Old-passw0rd', 'N3wPassword', 'N3wPassword'),
};
export const Saved: Story = { play: fill('Old-passw0rd', 'N3wPassword', 'N3wPassword') };
export const Spanish: Story = { globals: { locale: 'es' } };
