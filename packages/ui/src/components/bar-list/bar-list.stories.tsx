import type { Meta, StoryObj } from '@storybook/react-vite';
import { BarList } from './bar-list';

const meta = {
  title: 'Components/BarList',
  component: BarList,
  tags: ['autodocs'],
  args: {
    label: 'Sellers',
    bars: [
      { key: 'tomas', label: 'Tomás Vidal', value: 128, detail: '1,540 units' },
      { key: 'rosa', label: 'Rosa Rivera', value: 96, detail: '1,102.5 units' },
      { key: 'ana', label: 'Ana Ruiz', value: 41, detail: '380 units' },
      { key: 'luis', label: 'Luis Sol', value: 3 },
    ],
  },
} satisfies Meta<typeof BarList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Sellers: Story = {};

/** A long name wraps; the figure stays beside it. */
export const LongNames: Story = {
  args: {
    bars: [
      {
        key: 'long',
        label: 'Distribuciones Hosteleras del Mediterráneo Occidental, Sociedad Limitada',
        value: 12,
      },
      { key: 'short', label: 'Bodegas Sol', value: 9 },
    ],
  },
};

export const Empty: Story = { args: { bars: [] } };
