import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { Menu } from './menu';

describe('Menu', () => {
  it('opens from the keyboard, skips disabled entries and selects with Enter', async () => {
    const user = userEvent.setup();
    const profile = vi.fn();
    const logout = vi.fn();
    renderUi(
      <Menu
        label="AL"
        buttonLabel="Account menu"
        entries={[
          { key: 'profile', label: 'About you', onSelect: profile },
          { key: 'billing', label: 'Billing', disabled: true },
          { key: 'logout', label: 'Log out', onSelect: logout, tone: 'danger' },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['About you', 'Billing', 'Log out']);
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(profile).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes with Escape without selecting', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderUi(<Menu label="Actions" entries={[{ key: 'a', label: 'Rename', onSelect }]} />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('renders links for entries with href', async () => {
    const user = userEvent.setup();
    renderUi(<Menu label="Help" entries={[{ key: 'terms', label: 'Terms', href: '/terms' }]} />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('menuitem', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
  });

  it('says when there is nothing to choose, in Spanish too', async () => {
    const user = userEvent.setup();
    renderUi(<Menu label="Acciones" entries={[]} />, { locale: 'es' });
    await user.click(screen.getByRole('button', { name: 'Acciones' }));
    expect(screen.getByText('No hay opciones disponibles')).toBeTruthy();
  });
});
