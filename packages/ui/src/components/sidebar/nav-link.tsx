/** A real link (`href`, new tab on modified clicks) whose plain clicks go to the app's router. */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export interface NavLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  /** Called instead of a page load on a plain left click. */
  onNavigate: (path: string) => void;
  current?: boolean;
}

/** True for a click the browser should handle itself (new tab, new window, download). */
function isModified(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** An `<a>` for in-app navigation, marked `aria-current="page"` when `current`. */
export function NavLink({ href, onNavigate, current = false, onClick, ...rest }: NavLinkProps) {
  return (
    <a
      {...rest}
      href={href}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || isModified(event)) return;
        event.preventDefault();
        onNavigate(href);
      }}
    />
  );
}
