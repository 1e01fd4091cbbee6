import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { signedIn, withData } from '../../testing/stories';
import { assistant, trainerHandlers } from './story-fixtures';
import { TryIt } from './try-it';

const meta = {
  title: 'Features/Trainer/Try it',
  component: TryIt,
  tags: ['autodocs'],
  args: { assistantId: assistant.id },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: trainerHandlers() } },
} satisfies Meta<typeof TryIt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before the first question. */
export const Empty: Story = {};

/** Two questions: one answered from the knowledge-base text (a passage used, one not), one not known. */
export const Answered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox');
    for (const question of ['¿Cuál es el horario de secretaría?', '¿Tienen planetario u observatorio?']) {
      await userEvent.type(field, question);
      await userEvent.keyboard('{Enter}');
      // The next question waits for the answer (the field empties).
      await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
    }
  },
};

/** An answer from a page of the website: the passage names the page's title and links to it. */
export const FromWebsite: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), '¿Cuándo es la admisión?');
    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('link', { name: /^(Web page|Página web): Admisiones 2025-2026$/ });
  },
};
