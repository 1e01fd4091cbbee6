import type { TestQuestion, TestRun } from '@conversa/contract/review';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { API, forever, ok, signedIn, withData } from '../../testing/stories';
import { assistant, trainerHandlers } from './story-fixtures';
import { TestQuestionsPage } from './test-questions';

const questions: TestQuestion[] = [
  { question: '¿Cuándo abre la matrícula?', expect: 'answer', must_include: ['15 de febrero'] },
  { question: '¿Tienen club de robótica?', expect: 'handoff', must_include: [] },
];
const run = (id: number, passed: boolean[]): TestRun => ({
  id,
  created_at: new Date(Date.now() - (3 - id) * 3_600_000).toISOString(),
  passed: passed.filter(Boolean).length,
  failed: passed.filter((one) => !one).length,
  results: questions.map((test, index) => ({
    question: test.question,
    expect: test.expect,
    passed: passed[index]!,
    answer: 'La matrícula abre el 1 de marzo.',
    reason: passed[index] ? null : 'missing_text',
    missing: passed[index] ? [] : test.must_include,
  })),
});
const runs = (items: TestRun[]) =>
  http.get(`${API}/institution-product/:id/test-question/run`, () =>
    HttpResponse.json(
      { data: items },
      {
        headers: {
          'X-Pagination-Page-Count': '1',
          'X-Pagination-Total-Count': String(items.length),
          'X-Pagination-Per-Page': '20',
          'X-Pagination-Current-Page': '1',
        },
      },
    ),
  );

/** The trainer's test questions: the list, and each one's pass or fail beside the run before. */
const meta = {
  title: 'Features/Trainer/Test questions',
  component: TestQuestionsPage,
  tags: ['autodocs'],
  args: { assistantId: assistant.id, onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id/test-question`, () => ok({ questions })),
        runs([run(2, [true, true]), run(1, [false, true])]),
        ...trainerHandlers(),
      ],
    },
  },
} satisfies Meta<typeof TestQuestionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NeverRun: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id/test-question`, () => ok({ questions })),
        runs([]),
        ...trainerHandlers(),
      ],
    },
  },
};
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id/test-question`, () => ok({ questions: [] })),
        runs([]),
        ...trainerHandlers(),
      ],
    },
  },
};
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [http.get(`${API}/institution-product/:id/test-question`, forever), ...trainerHandlers()],
    },
  },
};
