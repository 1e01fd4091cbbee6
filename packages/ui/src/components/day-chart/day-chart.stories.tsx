import type { Meta, StoryObj } from '@storybook/react-vite';
import { DayChart, type DayFigures } from './day-chart';

/** Thirty days of made-up figures ending on 2025-03-31. */
const month: DayFigures[] = Array.from({ length: 30 }, (_, index) => {
  const date = new Date(Date.UTC(2025, 2, 2 + index)).toISOString().slice(0, 10);
  const conversations = 3 + ((index * 7) % 11);
  return { date, conversations, questions: conversations * 2 + (index % 3), handed_off: index % 4 };
});

const meta = {
  title: 'Components/DayChart',
  component: DayChart,
  tags: ['autodocs'],
  args: { title: 'Per day', days: month },
} satisfies Meta<typeof DayChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Month: Story = {};
export const OneDay: Story = { args: { days: month.slice(0, 1) } };
export const Empty: Story = { args: { days: [] } };

/** One series of the caller's: the leads dashboard's leads per day. */
export const OneSeries: Story = {
  args: {
    title: 'Leads per day',
    days: month.map(({ date, conversations }) => ({ date, records: conversations })),
    series: [{ key: 'records', label: 'Leads' }],
  },
};
