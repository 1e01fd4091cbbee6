import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { LogoUpload, type LogoUploadProps } from './logo-upload';

/** A sample logo (inline, so the story needs no server). */
const sampleLogo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="28" fill="#f59e0b"/><circle cx="32" cy="32" r="12" fill="#fff7ed"/></svg>',
)}`;

function Stateful(props: LogoUploadProps) {
  const [value, setValue] = useState(props.value);
  return (
    <LogoUpload
      {...props}
      value={value}
      onSelect={(file) => {
        props.onSelect(file);
        // Stands in for the upload: the chosen image becomes the logo.
        const reader = new FileReader();
        reader.onload = () => setValue(String(reader.result));
        reader.readAsDataURL(file);
      }}
    />
  );
}

const meta = {
  title: 'Components/LogoUpload',
  component: LogoUpload,
  tags: ['autodocs'],
  args: { label: 'Logo', value: null, onSelect: fn(), placeholder: 'Colegio Sol' },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof LogoUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithLogo: Story = { args: { value: sampleLogo } };
export const Uploading: Story = { args: { value: sampleLogo, waiting: true } };
export const ServerError: Story = { args: { error: 'Only JPEG and PNG files are allowed.' } };
export const Disabled: Story = { args: { value: sampleLogo, disabled: true } };
/** With removing offered (the institution's logo on About your school). */
export const Removable: Story = { args: { value: sampleLogo, onRemove: fn() } };
