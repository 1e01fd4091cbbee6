import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { fn } from 'storybook/test';
import { useForm } from '../../forms/use-form';
import { QuestionsEditor, QuestionsFormSchema, questionRows } from './questions-editor';

const two = ['When does enrolment open?', 'How much are the fees?'];
const three = [...two, 'Is there a school bus?'];

interface HarnessProps {
  questions: string[];
  /** Messages by question index, as a failed save shows them. */
  errors?: Record<number, string>;
  disabled?: boolean;
  readOnly?: boolean;
  onChange: (questions: string[]) => void;
}

/** The editor on its own form, reporting each change. */
function Harness({ questions, errors = {}, disabled, readOnly, onChange }: HarnessProps) {
  const form = useForm(QuestionsFormSchema, questionRows(questions));
  const texts = form.watch('questions').map((row) => row.text);
  // Compared by content: the form may hand back the same array, changed in place.
  const key = JSON.stringify(texts);
  useEffect(() => {
    for (const [index, message] of Object.entries(errors))
      form.setError(`questions.${Number(index)}.text`, { type: 'server', message });
    // Once, as a failed save would.
  }, []);
  useEffect(() => onChange(texts), [key]);
  return <QuestionsEditor form={form} disabled={disabled} readOnly={readOnly} />;
}

const meta = {
  title: 'Components/QuestionsEditor',
  component: Harness,
  tags: ['autodocs'],
  args: { questions: [], onChange: fn() },
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { questions: two } };
/** Three questions: adding is disabled and the hint says why. */
export const Full: Story = { args: { questions: three } };
export const WithError: Story = {
  args: { questions: two, errors: { 1: 'Must be at most 200 characters.' } },
};
/** While saving: every control shows, none responds. */
export const Disabled: Story = { args: { questions: two, disabled: true } };
/** For a member who may not edit. */
export const ReadOnly: Story = { args: { questions: two, readOnly: true } };
