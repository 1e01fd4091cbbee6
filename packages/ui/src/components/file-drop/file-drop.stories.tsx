import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { FileDrop, type FileDropProps } from './file-drop';

const sample = (name: string, bytes: number) => {
  const file = new File(['sample'], name);
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};
const chosen = [sample('admissions-guide.pdf', 2_400_000), sample('fees-2025.docx', 180_000)];

function Stateful(props: FileDropProps) {
  const [files, setFiles] = useState(props.files);
  return (
    <FileDrop
      {...props}
      files={files}
      onChange={(next) => {
        setFiles(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/FileDrop',
  component: FileDrop,
  tags: ['autodocs'],
  args: { label: 'Documents', files: [], onChange: fn(), required: true },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof FileDrop>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { files: chosen } };
export const WithError: Story = { args: { error: 'File is required.' } };
export const Waiting: Story = { args: { files: chosen, waiting: true } };
export const Disabled: Story = { args: { files: chosen, disabled: true } };
