import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { fn, userEvent, within } from 'storybook/test';
import { API, baseHandlers, fail, forever, signedIn, withData } from '../../testing/stories';
import { AssistantProfile } from './assistant-profile';
import { assistant, assistantHandlers, blankAssistant } from './story-fixtures';

const meta = {
  title: 'Features/Assistant/Assistant profile',
  component: AssistantProfile,
  tags: ['autodocs'],
  args: { productId: assistant.id, onEditQuestions: fn() },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: [...assistantHandlers(), ...baseHandlers] } },
} satisfies Meta<typeof AssistantProfile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Blank: Story = {
  parameters: { msw: { handlers: [...assistantHandlers(blankAssistant), ...baseHandlers] } },
};
export const WithoutEditLink: Story = { args: { onEditQuestions: undefined } };
export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['communication'] })] };
export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/institution-product/:id`, forever), ...baseHandlers] } },
};
export const NotFound: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id`, () => fail(404, 'not_found', 'Not found')),
        ...baseHandlers,
      ],
    },
  },
};
export const NameRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(`${API}/institution-product/:id`, () =>
          fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', [
            { path: 'name', code: 'too_long', message: 'This value is too long.' },
          ]),
        ),
        ...assistantHandlers(),
        ...baseHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Save name$|^Guardar el nombre$/ }));
  },
};
export const Spanish: Story = { globals: { locale: 'es' } };
