/** A route's page: its title and share tags (docs/product.md#screens-and-routes), then its lazily loaded screen. */
import { PageMeta, type PageTitleKey, pageTitles } from '@conversa/ui/features/shell/page-meta';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** Sets `{title} | Conversa` and og:* for the current address, then renders the page. */
export function Page({ title, children }: { title: PageTitleKey; children: ReactNode }) {
  const location = useLocation();
  return (
    <>
      <PageMeta
        title={pageTitles[title]}
        url={`${window.location.origin}${location.pathname}${location.search}`}
      />
      {children}
    </>
  );
}

/** A route module (`export function Component`) as its own chunk, for `React.lazy`. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}
