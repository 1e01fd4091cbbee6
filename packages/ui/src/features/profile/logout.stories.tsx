import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { fn, userEvent, within } from 'storybook/test';
import { API, forever, ok, signedIn, withData } from '../../testing/stories';
import { LogoutPage } from './logout';

const meta = {
  title: 'Features/Profile/Log out',
  component: LogoutPage,
  tags: ['autodocs'],
  args: { onLoggedOut: fn() },
  decorators: [withData(signedIn)],
  parameters: {
    msw: {
      handlers: [
        http.post(`${API}/user/logout`, () => ok({ code: 'logged_out', message: 'You are signed out.' })),
      ],
    },
  },
} satisfies Meta<typeof LogoutPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initial: Story = {};
export const WithCancel: Story = { args: { onCancel: fn() } };
export const LoggingOut: Story = {
  parameters: { msw: { handlers: [http.post(`${API}/user/logout`, forever)] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Log out$|^Cerrar sesión$/ }));
  },
};
export const Spanish: Story = { args: { onCancel: fn() }, globals: { locale: 'es' } };
