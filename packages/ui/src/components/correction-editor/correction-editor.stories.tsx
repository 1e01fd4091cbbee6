import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CorrectionEditor } from './correction-editor';

const meta = {
  title: 'Components/Correction editor',
  component: CorrectionEditor,
  tags: ['autodocs'],
  args: {
    answer: 'La matrícula abre el 1 de marzo.',
    sources: [{ kind: 'faq', title: '¿Cuándo abre la matrícula?', file_id: null }],
    onSave: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof CorrectionEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithoutPassages: Story = { args: { sources: [] } };
export const Saving: Story = { args: { saving: true } };
export const Failed: Story = {
  args: {
    error: 'The assistant already has 200 FAQs, the most it can have. Remove one before adding a correction.',
  },
};
