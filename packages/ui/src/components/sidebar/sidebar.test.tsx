import type { Role } from '@conversa/contract/roles';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { assistantEntries, initials, type SidebarAssistant } from './navigation';
import { Sidebar, type SidebarProps } from './sidebar';

const school: SidebarAssistant = { id: 7, type: 'admission', name: 'Lincoln High Assistant' };
const retail: SidebarAssistant = { id: 8, type: 'retail', name: 'Shop Assistant' };
const support: SidebarAssistant = { id: 9, type: 'sales_support', name: 'Orders Bot' };

function renderSidebar(props: Partial<SidebarProps> = {}, locale: 'en' | 'es' = 'en') {
  const onNavigate = vi.fn();
  const onLocaleChange = vi.fn();
  const all: SidebarProps = {
    fullName: 'Ana María López',
    institutionKind: 'school',
    assistants: [school],
    roles: ['main'],
    locale: 'en',
    onLocaleChange,
    currentPath: '/profile/about-you',
    onNavigate,
    expanded: true,
    ...props,
  };
  const view = renderUi(<Sidebar {...all} />, { locale });
  return { ...view, onNavigate, onLocaleChange };
}

/** The links an assistant's sub-menu shows once opened, as [text, href]. */
async function openAssistant(name: RegExp) {
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name });
  if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!menu) throw new Error('no sub-menu');
  return within(menu)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('initials', () => {
  it('takes the first letter of the first two words, upper-cased', () => {
    expect(initials('Ana María López')).toBe('AM');
    expect(initials('  juan   ')).toBe('J');
    expect(initials('élodie de la tour')).toBe('ÉD');
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials('𝒜lice Bob')).toBe('𝒜B');
  });
});

describe('assistantEntries', () => {
  it("gives each entry of an assistant's sub-menu its own icon", () => {
    for (const assistant of [school, support]) {
      const icons = assistantEntries(assistant, ['main']).map((entry) => entry.icon);
      expect(icons.length).toBeGreaterThan(2);
      expect(new Set(icons).size).toBe(icons.length);
    }
  });
});

describe('Sidebar', () => {
  it('shows the avatar initials and names the account button with the full name', () => {
    renderSidebar({ expanded: false });
    const button = screen.getByRole('button', { name: /Account menu.*Ana María López/ });
    expect(within(button).getByText('AM')).toBeTruthy();
  });

  it("shows the institution's name and logo under the product's, the name hidden when collapsed", () => {
    const logo = 'https://cdn.example/crest.png';
    const { rerender } = renderSidebar({ institution: { name: 'Colegio Sol', logo } });
    expect(screen.getByText('Colegio Sol')).toBeTruthy();
    expect(document.querySelector(`img[src="${logo}"]`)).toBeTruthy();
    rerender(
      <Sidebar
        fullName="Ana"
        institutionKind="school"
        assistants={[]}
        roles={['main']}
        locale="en"
        onLocaleChange={() => {}}
        currentPath="/"
        onNavigate={() => {}}
        expanded={false}
        institution={{ name: 'Colegio Sol', logo: null }}
      />,
    );
    expect(screen.getByText('Colegio Sol')).toBeTruthy();
    expect(document.querySelector('img[src]')).toBeNull();
  });

  it('offers trainer, dashboard and the answers to review for admissions and retail assistants (pre-sales)', async () => {
    renderSidebar({ assistants: [school, retail] });
    expect(await openAssistant(/Pre-sales, Lincoln High Assistant/)).toEqual([
      ['Trainer', '/pre-sales/trainer/7'],
      ['Dashboard', '/pre-sales/dashboard/7'],
      ['To review', '/pre-sales/review/7'],
    ]);
    expect(await openAssistant(/Pre-sales, Shop Assistant/)).toEqual([
      ['Trainer', '/pre-sales/trainer/8'],
      ['Dashboard', '/pre-sales/dashboard/8'],
      ['To review', '/pre-sales/review/8'],
    ]);
  });

  it('counts the visitors waiting for a person on the assistant and its dashboard', async () => {
    renderSidebar({ assistants: [{ ...school, waiting: 2 }, retail] });
    const button = screen.getByRole('button', {
      name: /Lincoln High Assistant, 2 visitors waiting for a person/,
    });
    expect(button.textContent).toContain('2');
    expect(await openAssistant(/Lincoln High Assistant/)).toEqual([
      ['Trainer', '/pre-sales/trainer/7'],
      ['Dashboard2, 2 visitors waiting for a person', '/pre-sales/dashboard/7'],
      ['To review', '/pre-sales/review/7'],
    ]);
    // None waiting: no badge.
    expect(screen.getByRole('button', { name: /Shop Assistant/ }).textContent).not.toMatch(/\d/);
  });

  it('tells two assistants of a section apart by their own name and logo, and one by its section', () => {
    const logo = 'https://cdn.example.com/shop.png';
    const { unmount } = renderSidebar({ assistants: [school, { ...retail, logo }, support] });
    const shop = screen.getByRole('button', { name: 'Pre-sales, Shop Assistant' });
    expect(within(shop).getByText('Shop Assistant')).toBeTruthy();
    expect(shop.querySelector('img')?.getAttribute('src')).toBe(logo);
    // Without a logo, the section's icon; the name is still its own.
    const lincoln = screen.getByRole('button', { name: 'Pre-sales, Lincoln High Assistant' });
    expect(within(lincoln).getByText('Lincoln High Assistant')).toBeTruthy();
    expect(lincoln.querySelector('img')).toBeNull();
    // Alone in its section, an assistant shows the section.
    const orders = screen.getByRole('button', { name: /Sales support, Orders Bot/ });
    expect(within(orders).getByText('Sales support')).toBeTruthy();
    unmount();
    renderSidebar({ assistants: [{ ...school, logo }] });
    const only = screen.getByRole('button', { name: /Pre-sales, Lincoln High Assistant/ });
    expect(within(only).getByText('Pre-sales')).toBeTruthy();
    expect(only.querySelector('img')).toBeNull();
  });

  it('offers trainer, leads, orders and allowed numbers for sales-support assistants', async () => {
    renderSidebar({ assistants: [support], institutionKind: 'business' });
    expect(await openAssistant(/Sales support, Orders Bot/)).toEqual([
      ['Trainer', '/sales-support/trainer/9'],
      ['Leads', '/sales-support/leads/9'],
      ['Orders', '/sales-support/orders/9'],
      ['Allowed numbers', '/sales-support/allowed-numbers/9'],
    ]);
  });

  it('marks allowed numbers, not the trainer, as the current page there', async () => {
    renderSidebar({ assistants: [support], currentPath: '/sales-support/allowed-numbers/9' });
    await openAssistant(/Sales support/);
    expect(screen.getByRole('link', { name: 'Allowed numbers' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Trainer' }).getAttribute('aria-current')).toBeNull();
  });

  it.each<[Role, string[]]>([
    ['order_capture_agent', ['Orders']],
    ['lead_entry_agent', ['Leads']],
    ['communication', ['Trainer']],
    ['admin-staff', ['Trainer', 'Leads', 'Orders', 'Allowed numbers']],
  ])('shows a %s only the sales-support entries the role may use', async (role, expected) => {
    renderSidebar({ assistants: [support], roles: [role] });
    expect((await openAssistant(/Sales support/)).map(([text]) => text)).toEqual(expected);
  });

  it('hides an assistant whose entries the role may not use at all', () => {
    renderSidebar({ assistants: [school, support], roles: ['order_capture_agent'] });
    expect(screen.queryByRole('button', { name: /Pre-sales/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Sales support/ })).toBeTruthy();
  });

  it('links to the assistant setup for roles that may create assistants', async () => {
    const user = userEvent.setup();
    const { onNavigate, unmount } = renderSidebar({ roles: ['main'] });
    const link = screen.getByRole('link', { name: 'New assistant' });
    expect(link.getAttribute('href')).toBe('/setup-assistant');
    await user.click(link);
    expect(onNavigate).toHaveBeenCalledWith('/setup-assistant');
    unmount();
    renderSidebar({ roles: ['communication'], currentPath: '/setup-assistant' });
    expect(screen.queryByRole('link', { name: 'New assistant' })).toBeNull();
  });

  it('gives admins, and only them, the change-institution entry', () => {
    const { unmount } = renderSidebar({ roles: ['main'] });
    expect(screen.queryByRole('link', { name: 'Change institution' })).toBeNull();
    unmount();
    renderSidebar({ roles: ['admin'] });
    expect(screen.getByRole('link', { name: 'Change institution' }).getAttribute('href')).toBe(
      '/change-institution',
    );
  });

  it('links the account menu to about your school for schools', async () => {
    const user = userEvent.setup();
    const { onNavigate } = renderSidebar();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['About you', '/profile/about-you'],
      ['About your school', '/profile/about-your-school'],
      ['Team', '/team'],
      ['Data', '/data'],
      ['Password', '/profile/password'],
      ['Log out', '/profile/logout'],
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Password' }));
    expect(onNavigate).toHaveBeenCalledWith('/profile/password');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('links the account menu to about your business for businesses, from the keyboard', async () => {
    const user = userEvent.setup();
    const { onNavigate } = renderSidebar({ institutionKind: 'business', assistants: [retail] });
    screen.getByRole('button', { name: /Account menu/ }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'About your business' }).getAttribute('href')).toBe(
      '/profile/about-your-business',
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onNavigate).toHaveBeenCalledWith('/profile/about-your-business');
  });

  it('calls back with the other language, not with the current one', async () => {
    const user = userEvent.setup();
    const { onLocaleChange } = renderSidebar();
    const group = screen.getByRole('group', { name: 'Language' });
    const english = within(group).getByRole('button', { name: /EN/ });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    await user.click(english);
    expect(onLocaleChange).not.toHaveBeenCalled();
    await user.click(within(group).getByRole('button', { name: /ES/ }));
    expect(onLocaleChange).toHaveBeenCalledWith('es');
  });

  it('ignores language clicks while the choice is being saved', async () => {
    const user = userEvent.setup();
    const { onLocaleChange } = renderSidebar({ localeSaving: true });
    await user.click(screen.getByRole('button', { name: /ES/ }));
    expect(onLocaleChange).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Language' }).getAttribute('aria-busy')).toBe('true');
  });

  it.each([
    ['/sales-support/order/9/details/55', 'Orders'],
    ['/sales-support/lead/9/card/54', 'Leads'],
  ])('opens the current assistant and marks the current page (%s)', (currentPath, entry) => {
    renderSidebar({ assistants: [school, support], currentPath });
    expect(screen.getByRole('button', { name: /Sales support/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /Pre-sales/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: entry }).getAttribute('aria-current')).toBe('page');
  });

  it('toggles a sub-menu by keyboard and closes it with Escape, focus back on its button', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const button = screen.getByRole('button', { name: /Pre-sales/ });
    // Closed, its links are out of the tab order and the accessibility tree.
    expect(screen.queryByRole('link', { name: 'Trainer' })).toBeNull();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Trainer');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('routes plain clicks through onNavigate and leaves modified clicks to the browser', async () => {
    const user = userEvent.setup();
    const { onNavigate } = renderSidebar({ currentPath: '/pre-sales/trainer/7' });
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(onNavigate).toHaveBeenCalledWith('/pre-sales/dashboard/7');
    onNavigate.mockClear();
    const opened = fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }), { ctrlKey: true });
    expect(opened).toBe(true);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('shows the team entry only for team.manage, and switches among several institutions', async () => {
    const user = userEvent.setup();
    const onSwitchInstitution = vi.fn();
    const { unmount } = renderSidebar({ roles: ['admissions_agent'] });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.queryByRole('menuitem', { name: 'Team' })).toBeNull();
    unmount();

    renderSidebar({
      roles: ['admin-staff'],
      institutions: [
        { id: 1, name: 'Colegio Sol' },
        { id: 2, name: 'Tienda Luna' },
      ],
      institutionId: 1,
      onSwitchInstitution,
    });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('menuitem', { name: 'Team' }).getAttribute('href')).toBe('/team');
    expect(screen.queryByRole('menuitem', { name: 'Colegio Sol' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Tienda Luna' }));
    expect(onSwitchInstitution).toHaveBeenCalledWith(2);
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    renderSidebar({ assistants: [support], roles: ['admin'], locale: 'es' }, 'es');
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cambiar de institución' })).toBeTruthy();
    expect((await openAssistant(/Soporte de ventas/)).map(([text]) => text)).toEqual([
      'Entrenador',
      'Clientes potenciales',
      'Pedidos',
      'Números permitidos',
    ]);
    await user.click(screen.getByRole('button', { name: /Menú de la cuenta/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Sobre ti',
      'Sobre tu centro educativo',
      'Equipo',
      'Datos',
      'Contraseña',
      'Cerrar sesión',
    ]);
  });
});
