/** A dropdown menu of actions or links (Headless UI): arrow keys, type-ahead, Escape. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { MenuButton, MenuItem, MenuItems, Menu as HeadlessMenu } from '../headless/headless';

export interface MenuEntry {
  key: string;
  label: ReactNode;
  /** Called when chosen (click, Enter or Space). */
  onSelect?: () => void;
  /** Makes the entry a link. */
  href?: string;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  icon?: ReactNode;
}

const Trigger = styled(MenuButton)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ theme }) => theme.controlHeight.medium};
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.hover};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

/** The look of the popover list of a menu's entries, shared with the account menu's. */
export const menuListStyle = css`
  z-index: 50;
  min-width: 12rem;
  padding: ${({ theme }) => theme.space(1)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow};
  &:focus {
    outline: none;
  }
`;

const MenuList = styled(MenuItems)`
  ${menuListStyle}
`;

/** The look of a menu entry (a button or a link), shared with the account menu's own entries. */
export const menuEntryStyle = css<{ $danger?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  min-height: ${({ theme }) => theme.controlHeight.small};
  padding: 0 ${({ theme }) => theme.space(3)};
  border: none;
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: transparent;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.text)};
  font-size: 0.9375rem;
  text-align: start;
  text-decoration: none;
  cursor: pointer;
  &[data-focus] {
    background: ${({ theme }) => theme.colors.hover};
  }
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

const EntryButton = styled.button<{ $danger: boolean }>`
  ${menuEntryStyle}
`;

const EntryLink = styled.a<{ $danger: boolean }>`
  ${menuEntryStyle}
`;

export interface MenuProps {
  /** Content of the trigger button. */
  label: ReactNode;
  /** Accessible name of the trigger when `label` is only an icon or an avatar. */
  buttonLabel?: string;
  entries: MenuEntry[];
  disabled?: boolean;
  anchor?: 'bottom start' | 'bottom end' | 'top start' | 'top end' | 'right start' | 'right end';
}

/** A trigger button and its list of entries. */
export function Menu({ label, buttonLabel, entries, disabled = false, anchor = 'bottom start' }: MenuProps) {
  const { t } = useLingui();
  return (
    <HeadlessMenu>
      <Trigger disabled={disabled}>
        {buttonLabel ? (
          // The name comes from hidden text, not aria-label, so it never contradicts what is visible.
          <>
            <span aria-hidden="true">{label}</span>
            <VisuallyHidden>{buttonLabel}</VisuallyHidden>
          </>
        ) : (
          label
        )}
      </Trigger>
      <MenuList anchor={{ to: anchor, gap: 4 }}>
        {entries.length === 0 ? (
          // A menu needs at least one item (ARIA), so "nothing to choose" is a disabled one.
          <MenuItem disabled>
            <EntryButton type="button" $danger={false}>
              {t`No options available`}
            </EntryButton>
          </MenuItem>
        ) : null}
        {entries.map((entry) => (
          <MenuItem key={entry.key} disabled={entry.disabled}>
            {entry.href ? (
              <EntryLink href={entry.href} $danger={entry.tone === 'danger'} onClick={entry.onSelect}>
                {entry.icon}
                {entry.label}
              </EntryLink>
            ) : (
              <EntryButton type="button" $danger={entry.tone === 'danger'} onClick={entry.onSelect}>
                {entry.icon}
                {entry.label}
              </EntryButton>
            )}
          </MenuItem>
        ))}
      </MenuList>
    </HeadlessMenu>
  );
}
