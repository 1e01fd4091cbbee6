import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SidebarProps } from '../sidebar/sidebar';
import { renderUi } from '../../testing/render';
import { AppShell } from './app-shell';

type ShellSidebar = Omit<SidebarProps, 'expanded' | 'onToggleExpanded' | 'label'>;

const base: ShellSidebar = {
  fullName: 'Luis Pérez',
  institutionKind: 'school',
  assistants: [{ id: 3, type: 'admission', name: 'Admissions Assistant' }],
  roles: ['main'],
  locale: 'en',
  onLocaleChange: () => {},
  currentPath: '/pre-sales/trainer/3',
  onNavigate: () => {},
};

/** The shell inside a tiny "router": navigating changes the current path, as the app's router does. */
function Routed({
  onNavigate,
  initialPath = base.currentPath,
}: {
  onNavigate: (path: string) => void;
  initialPath?: string;
}) {
  const [path, setPath] = useState(initialPath);
  return (
    <AppShell
      sidebar={{
        ...base,
        currentPath: path,
        onNavigate: (next) => {
          onNavigate(next);
          setPath(next);
        },
      }}
    >
      <h1>Page at {path}</h1>
      <button type="button" onClick={() => setPath('/profile/password')}>
        Go elsewhere
      </button>
    </AppShell>
  );
}

const drawer = () => screen.getByRole('dialog', { name: 'Menu' });

describe('AppShell', () => {
  it('renders the main landmark, the navigation and a skip link that moves focus to main', async () => {
    const user = userEvent.setup();
    renderUi(<Routed onNavigate={() => {}} />);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Page at /pre-sales/trainer/3' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(main);
  });

  it('widens the rail from 96 to 200 px and back', async () => {
    const user = userEvent.setup();
    renderUi(<Routed onNavigate={() => {}} />);
    const toggle = screen.getByRole('button', { name: 'Expand menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(getComputedStyle(screen.getByRole('navigation', { name: 'Main' })).width).toBe('96px');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Collapse menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(getComputedStyle(screen.getByRole('navigation', { name: 'Main' })).width).toBe('200px');
  });

  it('opens the drawer from the menu button and closes it when a link is followed', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    renderUi(<Routed onNavigate={onNavigate} />);
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    await user.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(drawer()).getByRole('link', { name: 'Dashboard' }));
    expect(onNavigate).toHaveBeenCalledWith('/pre-sales/dashboard/3');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Page at /pre-sales/dashboard/3' })).toBeTruthy();
  });

  it('closes the drawer on navigation it did not start (back button, redirects)', async () => {
    const { rerender } = renderUi(
      <AppShell sidebar={base} defaultDrawerOpen>
        content
      </AppShell>,
    );
    expect(drawer()).toBeTruthy();
    rerender(
      <AppShell sidebar={{ ...base, currentPath: '/profile/about-you' }} defaultDrawerOpen>
        content
      </AppShell>,
    );
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('traps focus in the drawer, closes it with Escape and gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    renderUi(<Routed onNavigate={() => {}} />);
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    const panel = drawer();
    expect(panel.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Close menu' }));
    const close = within(panel).getByRole('button', { name: 'Close menu' });
    let cycled = false;
    for (let i = 0; i < 30 && !cycled; i += 1) {
      await user.tab();
      expect(panel.contains(document.activeElement)).toBe(true);
      cycled = document.activeElement === close;
    }
    expect(cycled).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });

  it('shows the whole sidebar in the drawer, expanded', async () => {
    const user = userEvent.setup();
    renderUi(<Routed onNavigate={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = drawer();
    expect(within(panel).getByRole('button', { name: /Account menu.*Luis Pérez/ })).toBeTruthy();
    expect(within(panel).getByText('Luis Pérez')).toBeTruthy();
    expect(within(panel).getByRole('group', { name: 'Language' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Expand menu|Collapse menu/ })).toBeNull();
  });
});
