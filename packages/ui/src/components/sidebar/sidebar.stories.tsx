import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';
import { Sidebar } from './sidebar';

const meta = {
  title: 'Layout/Sidebar',
  component: Sidebar,
  tags: ['autodocs'],
  args: {
    fullName: 'Ana María López',
    institutionKind: 'school',
    assistants: [{ id: 7, type: 'admission', name: 'Lincoln High Assistant' }],
    roles: ['main'],
    locale: 'en',
    onLocaleChange: fn(),
    currentPath: '/pre-sales/trainer/7',
    onNavigate: fn(),
    expanded: false,
    onToggleExpanded: fn(),
  },
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 640 } } },
  decorators: [
    (Story) => (
      <div style={{ height: '100vh', minHeight: 600 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 96 px: icons with small labels; the current assistant's sub-menu is open. */
export const Collapsed: Story = {};

/** 200 px: labels beside the icons. */
export const Expanded: Story = { args: { expanded: true } };

/** The institution's name and logo under the product's (About your school sets the logo). */
export const InstitutionLogo: Story = {
  args: {
    expanded: true,
    institution: {
      name: 'Lincoln High',
      logo: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M16 2 4 7v8c0 8 5 13 12 15 7-2 12-7 12-15V7z" fill="#1d4ed8"/></svg>')}`,
    },
  },
};

/** A platform admin also gets the change-institution entry. */
export const Admin: Story = {
  args: { roles: ['admin'], expanded: true, currentPath: '/change-institution' },
};

/** A business with a retail (pre-sales) and a sales-support assistant. */
export const Business: Story = {
  args: {
    institutionKind: 'business',
    expanded: true,
    assistants: [
      { id: 8, type: 'retail', name: 'Shop Assistant' },
      { id: 9, type: 'sales_support', name: 'Orders Bot' },
    ],
    currentPath: '/sales-support/leads/9',
  },
};

/** A role that may only enter orders sees only that entry. */
export const OrderCaptureAgent: Story = {
  args: { ...Business.args, roles: ['order_capture_agent'], currentPath: '/sales-support/orders/9' },
};

/** No assistant yet (before one is set up). */
export const NoAssistants: Story = { args: { assistants: [], currentPath: '/setup-assistant' } };

/** The avatar menu open, for a school. */
export const AccountMenuOpen: Story = {
  args: { expanded: true },
  play: async ({ canvasElement }) => {
    // The Spanish toolbar renders 'Menú de la cuenta'.
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: /Account menu|Menú de la cuenta/ }),
    );
  },
};

/** The avatar menu of a business: 'About your business'. */
export const AccountMenuBusiness: Story = {
  args: { ...Business.args },
  play: AccountMenuOpen.play,
};

/** The language choice being saved (before the page reloads). */
export const SavingLanguage: Story = { args: { localeSaving: true, expanded: true } };

/** In Spanish, with the Spanish profile locale selected. */
export const Spanish: Story = {
  args: { ...Business.args, roles: ['admin'], locale: 'es' },
  globals: { locale: 'es' },
};

/** A square logo, inline so the story needs no network. */
const LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="6" fill="#0f766e"/><path d="M6 16l6-9 6 9z" fill="#fff"/></svg>',
)}`;

/** Two admissions assistants: each shows its own name, and its logo when it has one. */
export const TwoOfAKind: Story = {
  args: {
    assistants: [
      { id: 7, type: 'admission', name: 'Lincoln High Assistant' },
      { id: 10, type: 'admission', name: 'Lincoln Summer School', logo: LOGO },
    ],
  },
};

/** The same, 200 px wide. */
export const TwoOfAKindExpanded: Story = { args: { ...TwoOfAKind.args, expanded: true } };

/** Two visitors wait for a person: the assistant and its dashboard carry the count. */
export const VisitorsWaiting: Story = {
  args: {
    expanded: true,
    assistants: [{ id: 7, type: 'admission', name: 'Lincoln High Assistant', waiting: 2 }],
  },
};
