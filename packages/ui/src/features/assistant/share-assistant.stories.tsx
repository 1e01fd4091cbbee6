import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, baseHandlers, fail, forever, signedIn, withData } from '../../testing/stories';
import { ShareAssistant } from './share-assistant';
import { assistant, assistantHandlers, blankAssistant } from './story-fixtures';

const meta = {
  title: 'Features/Assistant/Share your assistant',
  component: ShareAssistant,
  tags: ['autodocs'],
  args: { productId: assistant.id },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: [...assistantHandlers(), ...baseHandlers] } },
} satisfies Meta<typeof ShareAssistant>;

export default meta;
type Story = StoryObj<typeof meta>;

const save: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(
    await canvas.findByRole('button', {
      name: /^Save snippet settings$|^Guardar la configuración del chat$/,
    }),
  );
};

export const Active: Story = {};
export const Inactive: Story = {
  parameters: {
    msw: { handlers: [...assistantHandlers({ ...assistant, public_link_active: false }), ...baseHandlers] },
  },
};
export const DefaultSnippet: Story = {
  parameters: { msw: { handlers: [...assistantHandlers(blankAssistant), ...baseHandlers] } },
};
export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['admissions_agent'] })] };
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
export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution-product/:id`, () =>
          fail(503, 'internal_error', 'Something went wrong on our side. Try again in a moment.'),
        ),
        ...baseHandlers,
      ],
    },
  },
};
export const SnippetSaved: Story = {
  parameters: { msw: { handlers: [...assistantHandlers(), ...baseHandlers] } },
  play: save,
};
export const SnippetSaving: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(`${API}/institution-product/:id`, forever),
        ...assistantHandlers(),
        ...baseHandlers,
      ],
    },
  },
  play: save,
};
export const ServerIssues: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(`${API}/institution-product/:id`, () =>
          fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', [
            {
              path: 'snippet.allowed_origins.0',
              code: 'invalid_url',
              message: 'Must be a valid URL (https://example.com).',
            },
          ]),
        ),
        ...assistantHandlers(),
        ...baseHandlers,
      ],
    },
  },
  play: save,
};
export const Spanish: Story = { globals: { locale: 'es' } };
