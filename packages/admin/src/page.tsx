/** A route's page: its title and share tags (docs/product.md#screens-and-routes), then its lazily loaded screen. */
import { PageMeta, type PageTitleKey, pageTitles } from '@conversa/ui/features/shell/page-meta';
import { type ComponentType, createContext, lazy, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router';

const TitleContext = createContext<PageTitleKey>('console');

/** The title key of the page being shown (placeholders show it as their heading). */
export function usePageTitle(): PageTitleKey {
  return useContext(TitleContext);
}

/** Sets `{title} | Conversa` and og:* for the current address, then renders the page. */
export function Page({ title, children }: { title: PageTitleKey; children: ReactNode }) {
  const location = useLocation();
  return (
    <TitleContext.Provider value={title}>
      <PageMeta
        title={pageTitles[title]}
        url={`${window.location.origin}${location.pathname}${location.search}`}
      />
      {children}
    </TitleContext.Provider>
  );
}

/** A route module (`export function Component`) as its own chunk, for `React.lazy`. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}
