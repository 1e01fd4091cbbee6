import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { PublicLayout } from './public-layout';

const Card = styled.section`
  width: min(100%, 30rem);
  padding: 1.5rem;
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const meta = {
  title: 'Components/PublicLayout',
  component: PublicLayout,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    children: (
      <Card aria-label="Sign in">
        <h1>Welcome to Conversa</h1>
        <p>Sign in or create an account to set up your AI assistant.</p>
      </Card>
    ),
  },
} satisfies Meta<typeof PublicLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A sign-in card, centred under the brand. */
export const WithCard: Story = {};
/** Nothing inside yet (a lazy page still loading). */
export const Empty: Story = { args: { children: null } };
