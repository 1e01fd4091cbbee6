/** `/`, `/pre-sales` and `/sales-support`: on to the first assistant's trainer, or the setup. */
import type { ConsoleSection } from '@conversa/ui/components/sidebar';
import { ConsoleHome } from '@conversa/ui/features/shell/console-home';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Sends a signed-in user where their work starts. */
function HomeRedirect({ section }: { section?: ConsoleSection }) {
  const navigate = useNavigate();
  const onResolved = useCallback((path: string) => navigate(path, { replace: true }), [navigate]);
  return <ConsoleHome section={section} onResolved={onResolved} />;
}

/** Route component of `/`. */
export function Component() {
  return <HomeRedirect />;
}

/** Route component of `/pre-sales` (its index: a pre-sales assistant's trainer). */
export function PreSalesHome() {
  return <HomeRedirect section="pre-sales" />;
}

/** Route component of `/sales-support` (its index: a sales-support assistant's trainer). */
export function SalesSupportHome() {
  return <HomeRedirect section="sales-support" />;
}
