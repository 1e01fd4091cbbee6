import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';
import { Menu } from './menu';

const meta = {
  title: 'Components/Menu',
  component: Menu,
  tags: ['autodocs'],
  args: {
    label: 'AL',
    buttonLabel: 'Account menu',
    entries: [
      { key: 'about-you', label: 'About you', onSelect: fn() },
      { key: 'school', label: 'About your school', onSelect: fn() },
      { key: 'password', label: 'Password', onSelect: fn() },
      { key: 'logout', label: 'Log out', onSelect: fn(), tone: 'danger' },
    ],
  },
  parameters: { docs: { story: { inline: false, iframeHeight: 260 } } },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
  },
};
export const WithDisabledEntry: Story = {
  args: {
    entries: [
      { key: 'rename', label: 'Rename', onSelect: fn() },
      { key: 'export', label: 'Export', disabled: true },
    ],
    label: 'Actions',
    buttonLabel: undefined,
  },
  play: Open.play,
};
export const Empty: Story = {
  args: { entries: [], label: 'Actions', buttonLabel: undefined },
  play: Open.play,
};
export const Disabled: Story = { args: { disabled: true } };
