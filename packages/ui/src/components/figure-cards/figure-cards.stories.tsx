import type { Meta, StoryObj } from '@storybook/react-vite';
import { FigureCards } from './figure-cards';

const meta = {
  title: 'Components/FigureCards',
  component: FigureCards,
  tags: ['autodocs'],
  args: {
    label: 'Figures',
    figures: [
      { key: 'conversations', label: 'Conversations', value: 128 },
      { key: 'questions', label: 'Questions', value: 342 },
      { key: 'answered', label: 'Answered', value: 301 },
      { key: 'handed-off', label: 'Handed off', value: 41 },
      { key: 'contacts', label: 'Contacts', value: 17 },
      { key: 'median', label: 'Median messages', value: 4.5 },
    ],
  },
} satisfies Meta<typeof FigureCards>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Figures: Story = {};
export const Zeros: Story = {
  args: {
    figures: [
      { key: 'conversations', label: 'Conversations', value: 0 },
      { key: 'questions', label: 'Questions', value: 0 },
    ],
  },
};
