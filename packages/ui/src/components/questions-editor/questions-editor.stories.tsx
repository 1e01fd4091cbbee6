import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { QuestionsEditor, type QuestionsEditorProps } from './questions-editor';

const two = ['When does enrolment open?', 'How much are the fees?'];
const three = [...two, 'Is there a school bus?'];

function Stateful(props: QuestionsEditorProps) {
  const [values, setValues] = useState(props.values);
  return (
    <QuestionsEditor
      {...props}
      values={values}
      onChange={(next) => {
        setValues(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/QuestionsEditor',
  component: QuestionsEditor,
  tags: ['autodocs'],
  args: { values: [], onChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof QuestionsEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { values: two } };
/** Three questions: adding is disabled and the hint says why. */
export const Full: Story = { args: { values: three } };
export const WithError: Story = {
  args: { values: two, errors: { 1: 'Must be at most 200 characters.' } },
};
/** While saving: every control shows, none responds. */
export const Disabled: Story = { args: { values: two, disabled: true } };
/** For a member who may not edit. */
export const ReadOnly: Story = { args: { values: two, readOnly: true } };
