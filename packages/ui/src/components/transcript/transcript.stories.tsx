import type { ChatMessage } from '@conversa/contract/chat';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Transcript } from './transcript';

const messages: ChatMessage[] = [
  {
    id: 1,
    role: 'user',
    text: '¿Cuándo abre la matrícula?',
    sources: [],
    handoff: null,
    created_at: '2025-03-10T09:30:00.000Z',
  },
  {
    id: 2,
    role: 'assistant',
    text: 'La matrícula abre el 1 de marzo.',
    sources: [
      { kind: 'faq', title: '¿Cuándo es la matrícula?', file_id: null },
      { kind: 'file', title: 'Admisiones 2025.pdf', file_id: 4 },
      {
        kind: 'website',
        title: 'Admisiones 2025-2026',
        file_id: null,
        url: 'https://www.colegiosol.es/admisiones/',
      },
    ],
    handoff: null,
    created_at: '2025-03-10T09:30:02.000Z',
  },
  {
    id: 3,
    role: 'user',
    text: '¿Tienen transporte escolar?',
    sources: [],
    handoff: null,
    created_at: '2025-03-10T09:31:00.000Z',
  },
  {
    id: 4,
    role: 'assistant',
    text: 'No tengo esa información. Una persona del colegio puede ayudarte.',
    sources: [],
    handoff: {
      name: 'Ana Ruiz',
      email: 'admisiones@colegiosol.es',
      phone: '+34 600 000 002',
      hours: 'L-V 9:00-14:00',
      message: 'Escríbenos y te respondemos hoy.',
    },
    created_at: '2025-03-10T09:31:02.000Z',
  },
];

const meta = {
  title: 'Components/Transcript',
  component: Transcript,
  tags: ['autodocs'],
  args: { label: 'Messages', messages },
} satisfies Meta<typeof Transcript>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithSourcesAndHandoff: Story = {};
export const OneQuestion: Story = { args: { messages: messages.slice(0, 1) } };
/** The visitor's ratings and a staff correction (issue 35). */
export const RatedAndCorrected: Story = {
  args: {
    messages: [
      messages[0]!,
      {
        ...messages[1]!,
        rating: 'down',
        rating_reason: 'Este año abre el 15 de febrero',
        corrected: { by: { id: 3, full_name: 'María López' }, at: '2025-03-11T10:05:00.000Z', faq_id: 7 },
      },
      messages[2]!,
      { ...messages[3]!, rating: 'up', rating_reason: null },
    ],
  },
};
