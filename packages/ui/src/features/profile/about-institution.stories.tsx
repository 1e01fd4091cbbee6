import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { userEvent, within } from 'storybook/test';
import {
  API,
  baseHandlers,
  business,
  fail,
  forever,
  ok,
  school,
  signedIn,
  withData,
} from '../../testing/stories';
import { AboutInstitutionPage } from './about-institution';

const save = http.put(`${API}/institution/:id`, () => ok(school));

const meta = {
  title: 'Features/Profile/About your institution',
  component: AboutInstitutionPage,
  tags: ['autodocs'],
  args: { onNavigate: () => undefined },
  decorators: [withData(signedIn)],
  parameters: { msw: { handlers: [save, ...baseHandlers] } },
} satisfies Meta<typeof AboutInstitutionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const submit: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: /^Save changes$|^Guardar cambios$/ }));
};

export const School: Story = {};
export const Business: Story = { decorators: [withData({ ...signedIn, institutionId: business.id })] };
export const ReadOnly: Story = { decorators: [withData({ ...signedIn, roles: ['admissions_agent'] })] };
export const NoInstitution: Story = { decorators: [withData({ ...signedIn, institutionId: null })] };
export const Waiting: Story = {
  parameters: { msw: { handlers: [http.get(`${API}/institution/:id`, forever), ...baseHandlers] } },
};
export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution/:id`, () => fail(404, 'not_found', 'Not found')),
        ...baseHandlers,
      ],
    },
  },
};
export const Saving: Story = {
  parameters: { msw: { handlers: [http.put(`${API}/institution/:id`, forever), ...baseHandlers] } },
  play: submit,
};
export const Saved: Story = { play: submit };
export const ServerIssues: Story = {
  parameters: {
    msw: {
      handlers: [
        http.put(`${API}/institution/:id`, () =>
          fail(400, 'validation_failed', 'Some fields are not valid. Check them and try again.', [
            {
              path: 'website_url',
              code: 'invalid_url',
              message: 'Must be a valid URL (https://example.com).',
            },
          ]),
        ),
        ...baseHandlers,
      ],
    },
  },
  play: submit,
};
export const Spanish: Story = { globals: { locale: 'es' } };
