import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DateRange } from './date-range';
import { statefulRender } from '../../testing/stateful-story';

const meta = {
  title: 'Components/DateRange',
  component: DateRange,
  tags: ['autodocs'],
  args: { label: 'Date', value: { start: '', end: '' }, onChange: fn() },
  render: statefulRender(DateRange),
} satisfies Meta<typeof DateRange>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: { start: '2025-03-01', end: '2025-03-31' } } };
/** The component keeps an invalid range to itself, so the story types one in. */
export const EndBeforeStart: Story = {
  args: { value: { start: '2025-03-10', end: '' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getAllByPlaceholderText(/^DD\/MM\//)[1]!, '01/03/2025');
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};
/** A date that is not one, left: how to write it. */
export const Unreadable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getAllByPlaceholderText(/^DD\/MM\//)[0]!, '31/02/2025');
    await userEvent.tab();
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};
/** The start's calendar open on the chosen month. */
export const CalendarOpen: Story = {
  args: { value: { start: '2025-03-10', end: '2025-03-31' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole('button')[0]!);
    // The panel is anchored in a portal outside the story's root.
    await expect(await within(document.body).findByRole('grid', {}, { timeout: 5000 })).toBeVisible();
  },
};
export const WithError: Story = {
  args: {
    value: { start: '2025-03-01', end: '2025-03-31' },
    error: 'Some fields are not valid. Check them and try again.',
  },
};
export const Disabled: Story = {
  args: { value: { start: '2025-03-01', end: '2025-03-31' }, disabled: true },
};
