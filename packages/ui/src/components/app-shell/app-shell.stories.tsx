import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AppShell } from './app-shell';

const page = (
  <>
    <h1 style={{ marginTop: 0 }}>Trainer</h1>
    <p>The page content sits in the main landmark, beside the sidebar.</p>
  </>
);

const meta = {
  title: 'Layout/AppShell',
  component: AppShell,
  tags: ['autodocs'],
  args: {
    sidebar: {
      fullName: 'Luis Pérez',
      institutionKind: 'school',
      assistants: [{ id: 3, type: 'admission', name: 'Admissions Assistant' }],
      roles: ['main'],
      locale: 'en',
      onLocaleChange: fn(),
      currentPath: '/pre-sales/trainer/3',
      onNavigate: fn(),
    },
    children: page,
  },
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 560 } } },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Desktop: the 96 px rail. */
export const Collapsed: Story = {};

/** Desktop: the 200 px rail. */
export const Expanded: Story = { args: { defaultExpanded: true } };

/** A platform admin in a business with both console areas. */
export const AdminBusiness: Story = {
  args: {
    defaultExpanded: true,
    sidebar: {
      ...meta.args.sidebar,
      fullName: 'Marta Gómez',
      institutionKind: 'business',
      roles: ['admin'],
      assistants: [
        { id: 8, type: 'retail', name: 'Shop Assistant' },
        { id: 9, type: 'sales_support', name: 'Orders Bot' },
      ],
      currentPath: '/sales-support/orders/9',
    },
  },
};

/** Mobile: the drawer opened from the menu button (focus is trapped inside; Escape closes it). */
export const MobileDrawerOpen: Story = {
  args: { defaultDrawerOpen: true },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

/** In Spanish. */
export const Spanish: Story = {
  args: { defaultExpanded: true, sidebar: { ...meta.args.sidebar, locale: 'es', roles: ['admin'] } },
  globals: { locale: 'es' },
};
