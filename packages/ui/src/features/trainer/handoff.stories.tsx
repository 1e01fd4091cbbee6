import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, fail, ok, signedIn, withData } from '../../testing/stories';
import { HandoffPage } from './handoff';
import { assistant, trainerHandlers } from './story-fixtures';

const meta = {
  title: 'Features/Trainer/Handoff Details',
  component: HandoffPage,
  tags: ['autodocs'],
  args: { assistantId: assistant.id, onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: trainerHandlers() } },
} satisfies Meta<typeof HandoffPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const save: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(
    await canvas.findByRole('button', { name: /^Save handoff details$|^Guardar datos de derivación$/ }),
  );
};

export const Filled: Story = {};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id`, () => ok({ ...assistant, handoff: null })),
        ...trainerHandlers(),
      ],
    },
  },
};

/** A new address waits for its link: no contact is mailed to it yet; Resend mails the link again. */
export const WaitingForConfirmation: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id`, () =>
          ok({ ...assistant, handoff_email_confirmed: false }),
        ),
        http.post(`${API}/institution-product/:id/handoff/confirmation`, () =>
          ok({
            message: 'We sent the confirmation link to the handoff email address.',
            code: 'handoff_confirmation_sent',
          }),
        ),
        ...trainerHandlers(),
      ],
    },
  },
};

export const Saved: Story = { play: save };

export const ServerIssues: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(`${API}/institution-product/:id`, () =>
          fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', [
            { path: 'handoff.phone', code: 'invalid_phone', message: 'Invalid phone number.' },
          ]),
        ),
        ...trainerHandlers(),
      ],
    },
  },
  play: save,
};

export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['order_capture_agent'] })] };

export const Spanish: Story = { globals: { locale: 'es' } };

/** Live chat on, with office hours on two days in Madrid. */
export const LiveChatOn: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id`, () =>
          ok({
            ...assistant,
            live_chat: {
              enabled: true,
              time_zone: 'Europe/Madrid',
              hours: [
                { day: 1, from: '09:00', to: '17:00' },
                { day: 3, from: '09:00', to: '14:00' },
              ],
              wait_minutes: 5,
              notify_after_minutes: 3,
            },
          }),
        ),
        ...trainerHandlers(),
      ],
    },
  },
};
