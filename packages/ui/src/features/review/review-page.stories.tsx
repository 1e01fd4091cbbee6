import type { ReviewItem } from '@conversa/contract/review';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, baseHandlers, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { ReviewPage } from './review-page';

const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

const items: ReviewItem[] = [
  {
    conversation_id: '0b8c6f2e-1d1a-4c39-9d7e-000000000001',
    message_id: 12,
    question: '¿Cuándo abre la matrícula?',
    answer: 'La matrícula abre el 1 de marzo.',
    reason: 'down',
    rating: 'down',
    comment: 'Este año abre el 15 de febrero',
    created_at: at(0),
    corrected: null,
    sources: [{ kind: 'faq', title: '¿Cuándo abre la matrícula?', file_id: null }],
  },
  {
    conversation_id: '0b8c6f2e-1d1a-4c39-9d7e-000000000002',
    message_id: 9,
    question: 'Is there a robotics club?',
    answer: 'I could not find that in what I know. You can talk to a person:',
    reason: 'unanswered',
    rating: null,
    comment: null,
    created_at: at(1),
    corrected: null,
    sources: [],
  },
  {
    conversation_id: '0b8c6f2e-1d1a-4c39-9d7e-000000000003',
    message_id: 5,
    question: 'What are the fees?',
    answer: 'The tuition fee is 450 euros a month.',
    reason: 'down',
    rating: 'down',
    comment: null,
    created_at: at(2),
    corrected: { by: { id: 3, full_name: 'María López' }, at: at(1), faq_id: 7 },
    sources: [{ kind: 'file', title: 'Fees 2027.pdf', file_id: 3 }],
  },
];

const queue = (rows: ReviewItem[]) =>
  http.get(`${API}/institution-product/:id/review`, () =>
    HttpResponse.json(
      { data: rows },
      {
        headers: {
          'X-Pagination-Page-Count': '1',
          'X-Pagination-Total-Count': String(rows.length),
          'X-Pagination-Per-Page': '20',
          'X-Pagination-Current-Page': '1',
        },
      },
    ),
  );

/** To review: the answers that need a look, each to correct or dismiss. */
const meta = {
  title: 'Features/Review/To review',
  component: ReviewPage,
  tags: ['autodocs'],
  args: { assistantId: 7, onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: {
    msw: {
      handlers: [
        queue(items),
        http.post(`${API}/conversation/:id/correction`, () =>
          ok({
            message_id: 12,
            question: items[0]!.question,
            answer: 'Abre el 15 de febrero.',
            updated: true,
            corrected: { by: { id: 3, full_name: 'María López' }, at: at(0), faq_id: 7 },
          }),
        ),
        http.post(`${API}/institution-product/:id/review/dismiss`, () => ok({ dismissed: 1 })),
        ...baseHandlers,
      ],
    },
  },
} satisfies Meta<typeof ReviewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { parameters: { msw: { handlers: [queue([]), ...baseHandlers] } } };
export const Waiting: Story = {
  parameters: {
    msw: { handlers: [http.get(`${API}/institution-product/:id/review`, forever), ...baseHandlers] },
  },
};
export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id/review`, () =>
          fail(500, 'internal_error', 'Something went wrong.'),
        ),
        ...baseHandlers,
      ],
    },
  },
};
/** The editor open on the first answer: the answer prefilled, the passages it used named. */
export const Correcting: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [correct] = await canvas.findAllByRole('button', { name: /^Correct$|^Corregir$/ });
    await userEvent.click(correct!);
  },
};
/** The FAQs are full: the correction's 409 shows in the card. */
export const FaqsFull: Story = {
  parameters: {
    msw: {
      handlers: [
        queue(items),
        http.post(`${API}/conversation/:id/correction`, () =>
          fail(
            409,
            'faq_limit',
            'The assistant already has 200 FAQs, the most it can have. Remove one before adding a correction.',
          ),
        ),
        ...baseHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [correct] = await canvas.findAllByRole('button', { name: /^Correct$|^Corregir$/ });
    await userEvent.click(correct!);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Save correction$|^Guardar corrección$/ }),
    );
  },
};
