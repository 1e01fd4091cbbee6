/**
 * The console's frame: a skip link, the sidebar (a 96/200 px rail on wide screens, a drawer opened
 * from a menu button on narrow ones, closed again on navigation) and the main landmark.
 */
import { PRODUCT_NAME, SIDEBAR_EXPANDED_WIDTH, SIDEBAR_WIDTH } from '@conversa/contract/constants';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { Dialog, DialogPanel, DialogTitle } from '../headless/headless';
import { Icon, LogoMark } from '../sidebar/icons';
import { Sidebar, type SidebarProps } from '../sidebar/sidebar';

/** Below this width the sidebar becomes a drawer. */
export const DRAWER_BREAKPOINT_PX = 768;
const narrow = `@media (max-width: ${DRAWER_BREAKPOINT_PX - 0.02}px)`;
const wide = `@media (min-width: ${DRAWER_BREAKPOINT_PX}px)`;

const SkipLink = styled.a`
  position: fixed;
  top: ${({ theme }) => theme.space(2)};
  left: ${({ theme }) => theme.space(2)};
  z-index: 100;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`;

const Rail = styled.div<{ $width: number }>`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: 20;
  width: ${({ $width }) => $width}px;
  ${narrow} {
    display: none;
  }
`;

// Mobile first here and desktop first for the rail: each is hidden only by its own media query.
const TopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 3.5rem;
  padding: 0 ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${wide} {
    display: none;
  }
`;

const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.controlHeight.medium};
  height: ${({ theme }) => theme.controlHeight.medium};
  border: none;
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
`;

const Brand = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 800;
  --logo-foreground: ${({ theme }) => theme.colors.onPrimary};
  span {
    color: ${({ theme }) => theme.colors.text};
  }
`;

// Above the top bar and the rail (z-index 20), which stay mounted under the drawer.
const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: ${({ theme }) => theme.colors.overlay};
`;

const DrawerPanel = styled(DialogPanel)`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: 50;
  display: flex;
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Close = styled(IconButton)`
  position: absolute;
  top: ${({ theme }) => theme.space(2)};
  left: calc(100% + ${({ theme }) => theme.space(2)});
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Main = styled.main<{ $offset: number }>`
  min-height: 100vh;
  margin-inline-start: ${({ $offset }) => $offset}px;
  padding: ${({ theme }) => theme.space(6)};
  transition: margin 200ms ease;
  &:focus {
    outline: none;
  }
  ${narrow} {
    min-height: calc(100vh - 3.5rem);
    margin-inline-start: 0;
    padding: ${({ theme }) => theme.space(4)};
  }
`;

export interface AppShellProps {
  /** What the sidebar shows and calls back; the shell adds the width and the drawer. */
  sidebar: Omit<SidebarProps, 'expanded' | 'onToggleExpanded' | 'label'>;
  children: ReactNode;
  /** Starts with the 200 px sidebar (default: 96 px). */
  defaultExpanded?: boolean;
  /** Starts with the mobile drawer open (stories). */
  defaultDrawerOpen?: boolean;
}

/** Sidebar + main landmark + skip link; on narrow screens the sidebar is a focus-trapping drawer. */
export function AppShell({
  sidebar,
  children,
  defaultExpanded = false,
  defaultDrawerOpen = false,
}: AppShellProps) {
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [drawerOpen, setDrawerOpen] = useState(defaultDrawerOpen);
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(sidebar.currentPath);

  // Any navigation closes the drawer, also one the drawer did not start (back button, redirects).
  useEffect(() => {
    if (shownPath.current === sidebar.currentPath) return;
    shownPath.current = sidebar.currentPath;
    setDrawerOpen(false);
  }, [sidebar.currentPath]);

  // Widening the window past the breakpoint leaves no drawer behind the rail.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${DRAWER_BREAKPOINT_PX}px)`);
    const onChange = () => {
      if (query.matches) setDrawerOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const navigateFromDrawer = (path: string) => {
    setDrawerOpen(false);
    sidebar.onNavigate(path);
  };

  return (
    <>
      <SkipLink
        href="#main-content"
        onClick={(event) => {
          // The router would treat a hash change as navigation; moving focus is all a skip link does.
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {t`Skip to main content`}
      </SkipLink>
      <TopBar>
        <IconButton type="button" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
          <Icon name="menu" />
          <VisuallyHidden>{t`Open menu`}</VisuallyHidden>
        </IconButton>
        <Brand>
          <LogoMark size={32} />
          <span>{PRODUCT_NAME}</span>
        </Brand>
      </TopBar>
      <Rail $width={expanded ? SIDEBAR_EXPANDED_WIDTH : SIDEBAR_WIDTH}>
        <Sidebar {...sidebar} expanded={expanded} onToggleExpanded={() => setExpanded((value) => !value)} />
      </Rail>
      <Dialog open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <Backdrop aria-hidden="true" />
        <DrawerPanel>
          <DialogTitle as={VisuallyHidden}>{t`Menu`}</DialogTitle>
          <Sidebar {...sidebar} expanded onNavigate={navigateFromDrawer} />
          <Close type="button" data-autofocus onClick={() => setDrawerOpen(false)}>
            <Icon name="close" />
            <VisuallyHidden>{t`Close menu`}</VisuallyHidden>
          </Close>
        </DrawerPanel>
      </Dialog>
      <Main
        id="main-content"
        ref={main}
        tabIndex={-1}
        $offset={expanded ? SIDEBAR_EXPANDED_WIDTH : SIDEBAR_WIDTH}
      >
        {children}
      </Main>
    </>
  );
}
