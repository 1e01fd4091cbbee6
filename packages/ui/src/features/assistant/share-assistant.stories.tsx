import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import { API, fail, forever, signedIn, withData } from '../../testing/stories';
import { ShareAssistant } from './share-assistant';
import {
  assistant,
  assistantNotFound,
  assistantParameters,
  assistantWaiting,
  blankAssistant,
  saveRefused,
} from './story-fixtures';

const meta = {
  title: 'Features/Assistant/Share your assistant',
  component: ShareAssistant,
  tags: ['autodocs'],
  args: { assistantId: assistant.id },
  decorators: [withData(signedIn)],
  parameters: assistantParameters(),
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
  parameters: assistantParameters({ ...assistant, public_link_active: false }),
};
export const DefaultSnippet: Story = { parameters: assistantParameters(blankAssistant) };
export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['admissions_agent'] })] };
export const Waiting: Story = { parameters: assistantWaiting };
export const NotFound: Story = { parameters: assistantNotFound };
export const LoadFailed: Story = {
  parameters: assistantParameters(
    assistant,
    http.get(`${API}/institution-product/:id`, () =>
      fail(503, 'internal_error', 'Something went wrong on our side. Try again in a moment.'),
    ),
  ),
};
export const SnippetSaved: Story = { parameters: assistantParameters(), play: save };
export const SnippetSaving: Story = {
  parameters: assistantParameters(assistant, http.put(`${API}/institution-product/:id`, forever)),
  play: save,
};
export const ServerIssues: Story = {
  parameters: assistantParameters(
    assistant,
    saveRefused([
      {
        path: 'snippet.allowed_origins.0',
        code: 'invalid_url',
        message: 'Must be a valid URL (https://example.com).',
      },
    ]),
  ),
  play: save,
};
export const Spanish: Story = { globals: { locale: 'es' } };
