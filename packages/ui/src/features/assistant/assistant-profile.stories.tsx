import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';
import { signedIn, withData } from '../../testing/stories';
import { AssistantProfile } from './assistant-profile';
import {
  assistant,
  assistantNotFound,
  assistantParameters,
  assistantWaiting,
  blankAssistant,
  saveRefused,
} from './story-fixtures';

const meta = {
  title: 'Features/Assistant/Assistant profile',
  component: AssistantProfile,
  tags: ['autodocs'],
  args: { assistantId: assistant.id, onEditQuestions: fn() },
  decorators: [withData(signedIn)],
  parameters: assistantParameters(),
} satisfies Meta<typeof AssistantProfile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Blank: Story = { parameters: assistantParameters(blankAssistant) };
export const WithoutEditLink: Story = { args: { onEditQuestions: undefined } };
export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['communication'] })] };
export const Waiting: Story = { parameters: assistantWaiting };
export const NotFound: Story = { parameters: assistantNotFound };
export const NameRefused: Story = {
  parameters: assistantParameters(
    assistant,
    saveRefused([{ path: 'name', code: 'too_long', message: 'This value is too long.' }]),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Save name$|^Guardar el nombre$/ }));
  },
};
export const Spanish: Story = { globals: { locale: 'es' } };
