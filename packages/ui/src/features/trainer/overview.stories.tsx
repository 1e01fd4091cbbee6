import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { Card } from '../../forms/form-layout';
import { signedIn, withData } from '../../testing/stories';
import { TrainerOverviewPage } from './overview';
import { assistant, salesAssistant, trainerHandlers } from './story-fixtures';

// The app puts the assistant feature's profile and share cards in; stand-ins here.
const Placeholder = styled(Card)`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const meta = {
  title: 'Features/Trainer/Overview',
  component: TrainerOverviewPage,
  tags: ['autodocs'],
  args: {
    assistantId: assistant.id,
    onNavigate: () => undefined,
    renderProfile: (detail) => <Placeholder>{detail.product.name}</Placeholder>,
    renderShare: (detail) => <Placeholder>{detail.public_url}</Placeholder>,
  },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: trainerHandlers() } },
} satisfies Meta<typeof TrainerOverviewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PreSales: Story = {};

export const SalesSupport: Story = { args: { assistantId: salesAssistant.id } };

export const Spanish: Story = { globals: { locale: 'es' } };
