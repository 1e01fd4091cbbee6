import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { fn, userEvent, within } from 'storybook/test';
import { API, fail, forever, ok, withData } from '../../testing/stories';
import { NewPasswordForm, RequestResetForm } from './reset-password';

const sent = http.post(`${API}/user/password/request-reset`, () =>
  ok({
    code: 'reset_mail_sent',
    message: 'If an account exists for this email, we sent a link to reset the password.',
  }),
);
const reset = http.post(`${API}/user/password/reset`, () =>
  ok({ code: 'password_reset', message: 'Your password was reset. Sign in with the new one.' }),
);
const refused = http.post(`${API}/user/password/reset`, () =>
  fail(400, 'reset_token_invalid', 'This reset link is invalid or has expired. Ask for a new one.'),
);

const meta = {
  title: 'Features/Auth/Reset password',
  component: RequestResetForm,
  tags: ['autodocs'],
  args: { onBackToLogin: fn() },
  decorators: [withData()],
  parameters: { msw: { handlers: [sent, reset] } },
} satisfies Meta<typeof RequestResetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const requestWith =
  (email: string): Story['play'] =>
  async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Email|^Correo/), email);
    await userEvent.click(canvas.getByRole('button', { name: /^Send reset link$|^Enviar enlace$/ }));
  };

export const RequestInitial: Story = {};
export const RequestInvalidEmail: Story = { play: requestWith('ana@') };
export const RequestSending: Story = {
  parameters: { msw: { handlers: [http.post(`${API}/user/password/request-reset`, forever)] } },
  play: requestWith('ana@colegio.edu'),
};
export const RequestSent: Story = { play: requestWith('ana@colegio.edu') };
export const RequestFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(`${API}/user/password/request-reset`, () =>
          fail(429, 'rate_limited', 'Too many attempts. Try again in 42 min.'),
        ),
      ],
    },
  },
  play: requestWith('ana@colegio.edu'),
};
export const RequestSpanish: Story = { globals: { locale: 'es' } };

const newPassword =
  (password: string, repeat: string): Story['play'] =>
  async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^New password|^Nueva contraseña/), password);
    await userEvent.type(canvas.getByLabelText(/^Repeat password|^Repite la contraseña/), repeat);
    await userEvent.click(canvas.getByRole('button', { name: /^Save password$|^Guardar contraseña$/ }));
  };

const renderNew = () => <NewPasswordForm token="mailed-token" onDone={fn()} />;

export const NewInitial: Story = { render: renderNew };
export const NewRulesBroken: Story = { render: renderNew, play: newPassword('short', 'shorter') };
export const NewSaving: Story = {
  render: renderNew,
  parameters: { msw: { handlers: [http.post(`${API}/user/password/reset`, forever)] } },
  play: newPassword('Fr3shPassword', 'Fr3shPassword'),
};
export const NewDone: Story = { render: renderNew, play: newPassword('Fr3shPassword', 'Fr3shPassword') };
export const NewLinkExpired: Story = {
  render: renderNew,
  parameters: { msw: { handlers: [refused] } },
  play: newPassword('Fr3shPassword', 'Fr3shPassword'),
};
export const NewSpanish: Story = { render: renderNew, globals: { locale: 'es' } };
