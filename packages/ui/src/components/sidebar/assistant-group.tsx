/** An assistant's icon button and the sub-menu it opens (docs/product.md#screens-and-routes: 500 ms transition). */
import { SUBMENU_TRANSITION_MS } from '@conversa/contract/constants';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useId, useRef } from 'react';
import styled, { css } from 'styled-components';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { Icon } from './icons';
import { NavLink } from './nav-link';
import { isCurrent, type NavEntry, sectionLabels, type SidebarAssistant } from './navigation';
import { sectionOf } from './paths';

/** The look of a sidebar row: icon over a small label (rail) or beside it (expanded). */
export const itemStyle = css<{ $expanded: boolean }>`
  display: flex;
  flex-direction: ${({ $expanded }) => ($expanded ? 'row' : 'column')};
  align-items: center;
  justify-content: ${({ $expanded }) => ($expanded ? 'flex-start' : 'center')};
  gap: ${({ theme, $expanded }) => theme.space($expanded ? 3 : 1)};
  width: 100%;
  min-height: 3rem;
  padding: ${({ theme }) => theme.space(2)};
  border: none;
  border-radius: ${({ theme }) => theme.radius};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ $expanded }) => ($expanded ? '0.875rem' : '0.6875rem')};
  font-weight: 600;
  line-height: 1.2;
  text-align: ${({ $expanded }) => ($expanded ? 'start' : 'center')};
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
    color: ${({ theme }) => theme.colors.text};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.hover};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const AssistantButton = styled.button<{ $expanded: boolean; $active: boolean }>`
  ${itemStyle}
  ${({ $active, theme }) => ($active ? `color: ${theme.colors.primary};` : '')}
`;

const Chevron = styled.span<{ $open: boolean }>`
  display: inline-flex;
  margin-inline-start: auto;
  transform: rotate(${({ $open }) => ($open ? 90 : 0)}deg);
  transition: transform ${SUBMENU_TRANSITION_MS}ms ease;
`;

// Rows 0fr → 1fr animates to the content's own height; visibility (switched at the end of the
// transition when closing) takes the closed links out of the tab order and the accessibility tree.
const Submenu = styled.div<{ $open: boolean }>`
  display: grid;
  grid-template-rows: ${({ $open }) => ($open ? '1fr' : '0fr')};
  visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  opacity: ${({ $open }) => ($open ? 1 : 0)};
  transition:
    grid-template-rows ${SUBMENU_TRANSITION_MS}ms ease,
    opacity ${SUBMENU_TRANSITION_MS}ms ease,
    visibility ${SUBMENU_TRANSITION_MS}ms;
`;

const SubmenuInner = styled.ul`
  min-height: 0;
  margin: 0;
  padding: 0;
  overflow: hidden;
  list-style: none;
`;

const EntryLink = styled(NavLink)<{ $expanded: boolean }>`
  ${itemStyle}
  min-height: 2.5rem;
  padding-inline-start: ${({ theme, $expanded }) => theme.space($expanded ? 5 : 2)};
`;

export interface AssistantGroupProps {
  assistant: SidebarAssistant;
  entries: NavEntry[];
  open: boolean;
  onToggle: () => void;
  currentPath: string;
  onNavigate: (path: string) => void;
  expanded: boolean;
  /** Shows the assistant's own name and logo, not its section's (another assistant shares it). */
  own?: boolean;
}

/** An assistant's logo in place of its section's icon, as large as the icons. */
const Logo = styled.img`
  width: 24px;
  height: 24px;
  flex: none;
  border-radius: 6px;
  object-fit: cover;
`;

/** A name that may be long: cut with an ellipsis (the button's accessible name keeps it whole). */
const Name = styled.span`
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** The count of visitors waiting for a person, on the assistant and its dashboard. */
const Badge = styled.span`
  min-width: 1.25rem;
  padding: 0 ${({ theme }) => theme.space(1.5)};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.25rem;
  text-align: center;
`;

/** A list item: the assistant button (`aria-expanded`) and its links; Escape closes it again. */
export function AssistantGroup({
  assistant,
  entries,
  open,
  onToggle,
  currentPath,
  onNavigate,
  expanded,
  own = false,
}: AssistantGroupProps) {
  const { i18n } = useLingui();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const section = sectionOf(assistant.type);
  const active = entries.some((entry) => isCurrent(entry, currentPath));
  const waiting = assistant.waiting ?? 0;
  const badge =
    waiting > 0 ? (
      <>
        <Badge aria-hidden>{waiting}</Badge>
        <VisuallyHidden>
          ,{' '}
          {plural(waiting, {
            one: '# visitor waiting for a person',
            other: '# visitors waiting for a person',
          })}
        </VisuallyHidden>
      </>
    ) : null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    onToggle();
    button.current?.focus();
  };

  return (
    <li onKeyDown={onKeyDown}>
      <AssistantButton
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        $expanded={expanded}
        $active={active}
        onClick={onToggle}
      >
        {own && assistant.logo ? <Logo src={assistant.logo} alt="" /> : <Icon name={section} />}
        {own ? (
          <>
            <Name aria-hidden title={assistant.name}>
              {assistant.name}
            </Name>
            <VisuallyHidden>
              {i18n._(sectionLabels[section])}, {assistant.name}
            </VisuallyHidden>
          </>
        ) : (
          <>
            <span>{i18n._(sectionLabels[section])}</span>
            <VisuallyHidden>, {assistant.name}</VisuallyHidden>
          </>
        )}
        {badge}
        {expanded ? (
          <Chevron $open={open}>
            <Icon name="chevron" size={16} />
          </Chevron>
        ) : null}
      </AssistantButton>
      <Submenu id={id} $open={open}>
        <SubmenuInner>
          {entries.map((entry) => (
            <li key={entry.key}>
              <EntryLink
                href={entry.href}
                onNavigate={onNavigate}
                current={isCurrent(entry, currentPath)}
                $expanded={expanded}
              >
                <Icon name={entry.icon} size={20} />
                <span>{i18n._(entry.label)}</span>
                {entry.key === 'dashboard' ? badge : null}
              </EntryLink>
            </li>
          ))}
        </SubmenuInner>
      </Submenu>
    </li>
  );
}
