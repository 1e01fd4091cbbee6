import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, baseHandlers, fail, forever, ok, profile, signedIn, withData } from '../../testing/stories';
import { AboutYouPage } from './about-you';

const save = http.put(`${API}/user/:id/profile`, () => ok(profile));

const meta = {
  title: 'Features/Profile/About you',
  component: AboutYouPage,
  tags: ['autodocs'],
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: [save, ...baseHandlers] } },
} satisfies Meta<typeof AboutYouPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const submit: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: /^Save changes$|^Guardar cambios$/ }));
};

export const Filled: Story = {};
export const Waiting: Story = {
  decorators: [withData({ ...signedIn, profile: null })],
  parameters: { msw: { handlers: [http.post(`${API}/auth/validate-token`, forever), ...baseHandlers] } },
};
export const LoadFailed: Story = {
  decorators: [withData({ ...signedIn, profile: null })],
  parameters: {
    msw: {
      handlers: [
        http.post(`${API}/auth/validate-token`, () =>
          fail(503, 'internal_error', 'Something went wrong on our side. Try again in a moment.'),
        ),
        ...baseHandlers,
      ],
    },
  },
};
export const Empty: Story = {
  decorators: [
    withData({
      ...signedIn,
      profile: {
        ...profile,
        full_name: '',
        first_name: null,
        last_name: null,
        phone_number: null,
        country: null,
        city: null,
        role: null,
      },
    }),
  ],
  play: submit,
};
export const Saving: Story = {
  parameters: { msw: { handlers: [http.put(`${API}/user/:id/profile`, forever), ...baseHandlers] } },
  play: submit,
};
export const Saved: Story = { play: submit };
export const ServerIssues: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(`${API}/user/:id/profile`, () =>
          fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', [
            { path: 'phone_number', code: 'invalid_phone', message: 'Invalid phone number.' },
            { path: 'city', code: 'too_long', message: 'This value is too long.' },
          ]),
        ),
        ...baseHandlers,
      ],
    },
  },
  play: submit,
};
export const Spanish: Story = { globals: { locale: 'es' } };
