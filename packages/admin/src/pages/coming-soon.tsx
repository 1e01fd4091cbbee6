/** Routes whose screens come in later issues: their title and a 'coming soon' line. */
import { ComingSoonPage } from '@conversa/ui/features/shell/coming-soon';
import { pageTitles } from '@conversa/ui/features/shell/page-meta';
import { useLingui } from '@lingui/react';
import { usePageTitle } from '../page';

/** Route component. */
export function Component() {
  const { i18n } = useLingui();
  return <ComingSoonPage title={i18n._(pageTitles[usePageTitle()])} />;
}
