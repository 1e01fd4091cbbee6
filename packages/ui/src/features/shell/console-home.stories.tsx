import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { fn } from 'storybook/test';
import { API, baseHandlers, fail, forever, signedIn, withData } from '../../testing/stories';
import { ConsoleHome } from './console-home';

const meta = {
  title: 'Features/Shell/Console home',
  component: ConsoleHome,
  tags: ['autodocs'],
  decorators: [withData(signedIn)],
  args: { onResolved: fn() },
} satisfies Meta<typeof ConsoleHome>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for the assistants (then the app moves on to the start path). */
export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/institution/:id/product`, forever), ...baseHandlers] } },
};

/** The assistants could not be loaded: a retry. */
export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution/:id/product`, () =>
          fail(500, 'internal_error', 'Something went wrong on our side. Try again in a moment.'),
        ),
        ...baseHandlers,
      ],
    },
  },
};

/** The same, in Spanish. */
export const LoadFailedSpanish: Story = { ...LoadFailed, globals: { locale: 'es' } };
