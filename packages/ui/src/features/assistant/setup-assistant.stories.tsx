import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { fn, userEvent, within } from 'storybook/test';
import { API, baseHandlers, business, fail, forever, signedIn, withData } from '../../testing/stories';
import { AboutSchoolStep } from '../auth/steps/about-school-step';
import { SetupAssistant } from './setup-assistant';
import { setupHandlers } from './story-fixtures';

const meta = {
  title: 'Features/Assistant/Setup assistant',
  component: SetupAssistant,
  tags: ['autodocs'],
  args: { onDone: fn() },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: [...setupHandlers(), ...baseHandlers] } },
} satisfies Meta<typeof SetupAssistant>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Names the assistant and creates it: the wizard moves to the logo step. */
const create: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  const name = await canvas.findByLabelText(/^Assistant name|^Nombre del asistente/);
  await userEvent.clear(name);
  await userEvent.type(name, 'Admisiones Sol');
  await userEvent.click(canvas.getByRole('button', { name: /^Create the assistant$|^Crear el asistente$/ }));
};

/** Creates the school's assistant, then clicks on through the given buttons. */
const upTo =
  (clicks: RegExp[]): Story['play'] =>
  async (context) => {
    await create(context);
    const canvas = within(context.canvasElement);
    for (const label of clicks) await userEvent.click(await canvas.findByRole('button', { name: label }));
  };

const next = /^Next$|^Siguiente$/;
const withoutLogo = /^Continue without a logo$|^Continuar sin logo$/;
const skip = /^Skip for now$|^Omitir por ahora$/;

export const SchoolName: Story = {};
export const BusinessType: Story = { decorators: [withData({ ...signedIn, institutionId: business.id })] };
export const LogoStep: Story = { play: create };
export const QuestionsStep: Story = { play: upTo([withoutLogo]) };
export const KnowledgeStep: Story = { play: upTo([withoutLogo, next]) };
export const Done: Story = { play: upTo([withoutLogo, next, skip]) };
export const NameRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(`${API}/institution-product`, () =>
          fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', [
            { path: 'name', code: 'too_long', message: 'This value is too long.' },
          ]),
        ),
        ...baseHandlers,
      ],
    },
  },
  play: create,
};
export const NoInstitution: Story = { decorators: [withData({ ...signedIn, institutionId: null })] };
/** Without an institution, with the app's way to create one (the sign-in flow's institution step). */
export const CreateInstitution: Story = {
  decorators: [withData({ ...signedIn, institutionId: null })],
  args: { createInstitution: <AboutSchoolStep onCreated={fn()} onBusy={fn()} /> },
};
/** Sales support: no suggested questions, and the last step leads to its allowed numbers. */
export const SalesSupportDone: Story = {
  decorators: [withData({ ...signedIn, institutionId: business.id })],
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.click(
      await canvas.findByRole('radio', { name: /Sales support assistant|soporte de ventas/i }),
    );
    await userEvent.click(canvas.getByRole('button', { name: next }));
    await create(context);
    for (const label of [withoutLogo, skip])
      await userEvent.click(await canvas.findByRole('button', { name: label }));
  },
};
export const NotAllowed: Story = { decorators: [withData({ ...signedIn, roles: ['communication'] })] };
export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/institution/:id`, forever), ...baseHandlers] } },
};
export const Spanish: Story = { globals: { locale: 'es' } };
