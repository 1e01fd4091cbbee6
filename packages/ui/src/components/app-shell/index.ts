export { AppShell, type AppShellProps, DRAWER_BREAKPOINT_PX } from './app-shell';
