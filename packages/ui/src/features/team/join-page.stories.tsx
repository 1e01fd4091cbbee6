import type { InvitationPreview } from '@conversa/contract/team';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { PublicLayout } from '../../components/public-layout/public-layout';
import { Card, Intro } from '../../forms/form-layout';
import { API, baseHandlers, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { JoinPage } from './join-page';
import { preview, TOKEN } from './story-fixtures';

const answer = (found: InvitationPreview) => [
  http.get(`${API}/invitation/:token`, () => ok(found)),
  http.post(`${API}/invitation/:token/accept`, () => ok({ institution_id: 7, role: found.role })),
  http.post(`${API}/user/logout`, () => ok({ message: 'ok', code: 'ok' })),
  ...baseHandlers,
];

/**
 * Stands in for the console's sign-in flow (a feature of its own, with stories of its own), which
 * opens on log in or sign-up with the invited address filled in.
 */
const signIn = ({ email }: { email: string }) => (
  <Card>
    <Intro>{email}</Intro>
  </Card>
);

const meta = {
  title: 'Features/Team/Join page',
  component: JoinPage,
  tags: ['autodocs'],
  args: { token: TOKEN, signIn, onJoined: () => undefined },
  decorators: [
    (Story) => (
      <PublicLayout>
        <Story />
      </PublicLayout>
    ),
    withData({}),
  ],
  parameters: { layout: 'fullscreen', msw: { handlers: answer(preview) } },
} satisfies Meta<typeof JoinPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed out, no account yet: the invitation above the sign-up. */
export const SignedOut: Story = {};

export const SignedOutWithAccount: Story = {
  parameters: { msw: { handlers: answer({ ...preview, has_account: true }) } },
};

/** Signed in as the invited address. */
export const SignedIn: Story = {
  decorators: [withData({ ...signedIn, user: { id: 4, email: preview.email } })],
};

/** Signed in as someone else: log out first. */
export const OtherAddress: Story = { decorators: [withData(signedIn)] };

export const Used: Story = { parameters: { msw: { handlers: answer({ ...preview, state: 'accepted' }) } } };
export const Revoked: Story = { parameters: { msw: { handlers: answer({ ...preview, state: 'revoked' }) } } };
export const Expired: Story = { parameters: { msw: { handlers: answer({ ...preview, state: 'expired' }) } } };

export const Unknown: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/invitation/:token`, () => fail(404, 'not_found', 'Not found')),
        ...baseHandlers,
      ],
    },
  },
};

export const NoToken: Story = { args: { token: null } };

export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/invitation/:token`, forever), ...baseHandlers] } },
};

export const Spanish: Story = { globals: { locale: 'es' } };

/** Signed in as the invited address, never proved: joining mails a code, and the page asks for it. */
export const UnprovedAddress: Story = {
  decorators: [withData({ ...signedIn, user: { id: 4, email: preview.email } })],
  parameters: {
    msw: {
      handlers: [
        http.post(`${API}/invitation/:token/accept`, () =>
          fail(403, 'email_unverified', 'Confirm your email address first: we sent a code to it.'),
        ),
        ...answer(preview),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Join |^Unirse a / }));
  },
};
