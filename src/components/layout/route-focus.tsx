'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * Moves focus to the new page's heading after a client-side navigation (issue 24; WCAG 2.4.3):
 * the App Router swaps the page but leaves focus on the link that was pressed (in the header) or
 * on <body> (the link went with the old page). A full page load is left to the browser, as is a
 * change of the query alone (the search page rewrites its address as the visitor types) and a page
 * that put focus into one of its own fields. The heading gets tabindex="-1" (focusable, not in the
 * Tab order). Kept small: it is in every page's first load (page budgets).
 */
export function RouteFocus() {
  const pathname = usePathname();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main');
    const active = document.activeElement;
    if (!main || (active && main.contains(active) && active.matches('input,select,textarea,[role=alert]'))) return;
    const heading = main.querySelector('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
