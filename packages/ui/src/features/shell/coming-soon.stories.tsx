import type { Meta, StoryObj } from '@storybook/react-vite';
import { ComingSoonPage } from './coming-soon';

const meta = {
  title: 'Features/Shell/Coming soon',
  component: ComingSoonPage,
  tags: ['autodocs'],
  args: { title: 'Leads' },
} satisfies Meta<typeof ComingSoonPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A route whose screen comes in a later issue. */
export const Default: Story = {};

/** In Spanish. */
export const Spanish: Story = { args: { title: 'Clientes potenciales' }, globals: { locale: 'es' } };
