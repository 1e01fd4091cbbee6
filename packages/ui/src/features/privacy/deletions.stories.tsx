import type { AccountDeletion } from '@conversa/contract/privacy';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { fn, userEvent, within } from 'storybook/test';
import { API, baseHandlers, fail, ok, signedIn, withData } from '../../testing/stories';
import { DeleteAccountSection } from './delete-account';
import { DeleteAssistantSection } from './delete-assistant';

const deletion = (overrides: Partial<AccountDeletion> = {}): AccountDeletion => ({
  alone: [{ id: 4, name: 'Tienda Sola' }],
  blocked: [],
  has_password: true,
  ...overrides,
});

const accountHandlers = (answer: AccountDeletion) => [
  http.get(`${API}/user/:id/deletion`, () => ok(answer)),
  http.post(`${API}/user/:id/delete`, () =>
    fail(400, 'wrong_current_password', 'The current password is incorrect.'),
  ),
  ...baseHandlers,
];

const meta = {
  title: 'Features/Privacy/Deletions',
  component: DeleteAccountSection,
  tags: ['autodocs'],
  args: { onDeleted: fn() },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: accountHandlers(deletion()) } },
} satisfies Meta<typeof DeleteAccountSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const openAccount: Story['play'] = async ({ canvasElement }) => {
  await userEvent.click(
    await within(canvasElement).findByRole('button', { name: /^(Delete my account|Eliminar mi cuenta)$/ }),
  );
};

/** Closed: one button. */
export const Account: Story = {};

/** Opened: the lone institution named, the password asked. */
export const AccountWithInstitution: Story = { play: openAccount };

/** The last main administrator of a team: refused until someone else is main. */
export const AccountBlocked: Story = {
  parameters: {
    msw: { handlers: accountHandlers(deletion({ alone: [], blocked: [{ id: 5, name: 'Colegio Equipo' }] })) },
  },
  play: openAccount,
};

/** An account that signs in with Google only: it sets a password first. */
export const AccountWithoutPassword: Story = {
  parameters: { msw: { handlers: accountHandlers(deletion({ alone: [], has_password: false })) } },
  play: openAccount,
};

/** The assistant's deletion, its name typed in the dialog. */
export const Assistant: StoryObj<typeof DeleteAssistantSection> = {
  render: () => (
    <DeleteAssistantSection
      assistant={{ id: 7, name: 'Admisiones', institutionId: 1 }}
      onDeleted={() => undefined}
    />
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: /^(Delete assistant|Eliminar asistente)$/ }),
    );
  },
};
