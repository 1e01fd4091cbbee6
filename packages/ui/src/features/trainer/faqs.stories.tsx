import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, fail, forever, ok, signedIn, withData } from '../../testing/stories';
import { FaqsPage } from './faqs';
import { assistant, trainerHandlers } from './story-fixtures';

const meta = {
  title: 'Features/Trainer/FAQs',
  component: FaqsPage,
  tags: ['autodocs'],
  args: { assistantId: assistant.id, onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: trainerHandlers() } },
} satisfies Meta<typeof FaqsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Three suggested questions: adding is disabled and the hint says why. */
export const QuestionsFull: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id`, () =>
          ok({ ...assistant, suggested_questions: ['¿Horario?', '¿Precios?', '¿Uniforme?'] }),
        ),
        ...trainerHandlers(),
      ],
    },
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id`, () => ok({ ...assistant, suggested_questions: [] })),
        http.get(`${API}/institution-product/:id/faq`, () => ok({ faqs: [] })),
        ...trainerHandlers(),
      ],
    },
  },
};

export const FaqsWaiting: Story = {
  parameters: {
    msw: { handlers: [http.get(`${API}/institution-product/:id/faq`, forever), ...trainerHandlers()] },
  },
};

export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['order_capture_agent'] })] };

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Save FAQs$|^Guardar preguntas frecuentes$/ }),
    );
  },
};

export const ServerIssue: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(`${API}/institution-product/:id/faq`, () =>
          fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', [
            { path: 'faqs.1.answer', code: 'too_long', message: 'This value is too long.' },
          ]),
        ),
        ...trainerHandlers(),
      ],
    },
  },
  play: Saved.play,
};

export const Spanish: Story = { globals: { locale: 'es' } };
