/** The signed-in frame around protected pages: the connected sidebar shell and the page. */
import { Waiting } from '@conversa/ui/components/waiting';
import { ConsoleShell } from '@conversa/ui/features/shell/console-shell';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';

/** Route component. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <ConsoleShell
      currentPath={location.pathname}
      onNavigate={(path) => void navigate(path)}
      // The profile now holds the language; a reload brings every screen (and cached data) up in it.
      onLocaleSaved={() => window.location.reload()}
    >
      {/* The sidebar stays while a page's chunk loads. */}
      <Suspense fallback={<Waiting block />}>
        <Outlet />
      </Suspense>
    </ConsoleShell>
  );
}
