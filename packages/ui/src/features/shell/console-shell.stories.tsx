import type { AssistantListItem } from '@conversa/contract/assistant';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { fn, userEvent, within } from 'storybook/test';
import {
  API,
  baseHandlers,
  business,
  fail,
  ok,
  school,
  signedIn,
  signedInAdmin,
  withData,
} from '../../testing/stories';
import { ConsoleShell } from './console-shell';

const assistant = (
  id: number,
  institutionId: number,
  type: AssistantListItem['product']['type'],
  name: string,
) => ({
  id,
  external_id: `prod_${id}`,
  institution_id: institutionId,
  product: { type, name, logo: null },
});

const schoolAssistants = [assistant(11, school.id, 'admission', 'Colegio Sol Assistant')];
const businessAssistants = [
  assistant(21, business.id, 'retail', 'Muebles Norte Assistant'),
  assistant(22, business.id, 'sales_support', 'Muebles Norte Orders'),
];

const assistants = http.get(`${API}/institution/:id/product`, ({ params }) =>
  ok(Number(params.id) === business.id ? businessAssistants : schoolAssistants),
);
const saveProfile = http.put(`${API}/user/:id/profile`, async ({ request }) => {
  await delay(400);
  return ok(await request.json());
});

const meta = {
  title: 'Features/Shell/Console shell',
  component: ConsoleShell,
  tags: ['autodocs'],
  decorators: [withData(signedIn)],
  args: {
    currentPath: '/pre-sales/trainer/11',
    onNavigate: fn(),
    onLocaleSaved: fn(),
    children: <h1 style={{ marginTop: 0 }}>Trainer</h1>,
  },
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 560 } },
    msw: { handlers: [assistants, saveProfile, ...baseHandlers] },
  },
} satisfies Meta<typeof ConsoleShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A school's staff member: one pre-sales assistant. */
export const School: Story = {};

/** Expanded rail. */
export const Expanded: Story = { args: { defaultExpanded: true } };

/** A business with pre-sales and sales support, as a platform admin (change institution). */
export const AdminBusiness: Story = {
  decorators: [withData({ ...signedInAdmin, institutionId: business.id })],
  args: { defaultExpanded: true, currentPath: '/sales-support/leads/22' },
};

/** The assistants are still loading. */
export const LoadingAssistants: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`${API}/institution/:id/product`, async () => {
          await delay('infinite');
          return ok([]);
        }),
        ...baseHandlers,
      ],
    },
  },
};

/** Choosing Spanish saves the profile (the app then reloads). */
export const SavingLanguage: Story = {
  args: { defaultExpanded: true },
  play: async ({ canvasElement }) => {
    // On a narrow viewport the selector is in the drawer (a portal), so the whole page is searched.
    const menu = within(canvasElement).queryByRole('button', { name: /Open menu/ });
    if (menu) await userEvent.click(menu);
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('button', { name: /ES/ }),
    );
  },
};

/** The profile cannot be saved: the toast says why and the page stays. */
export const LanguageSaveFailed: Story = {
  args: { defaultExpanded: true },
  parameters: {
    msw: {
      handlers: [
        assistants,
        http.put(`${API}/user/:id/profile`, () =>
          fail(500, 'internal_error', 'Something went wrong on our side. Try again in a moment.'),
        ),
        ...baseHandlers,
      ],
    },
  },
  play: SavingLanguage.play,
};

/** Mobile: the drawer open. */
export const MobileDrawerOpen: Story = {
  args: { defaultDrawerOpen: true },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

/** In Spanish. */
export const Spanish: Story = {
  decorators: [withData({ ...signedInAdmin, locale: 'es' })],
  args: { defaultExpanded: true },
  globals: { locale: 'es' },
};
