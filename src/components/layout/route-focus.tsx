'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/** How long to wait for a page that streams in after the navigation to show its heading. */
const WAIT_MS = 3000;

/**
 * Moves focus to the new page's heading after a client-side navigation (issue 24; WCAG 2.4.3):
 * the App Router swaps the page but leaves focus on the link that was pressed (in the header) or
 * on <body> (the link went with the old page), so a screen reader says nothing and the next Tab
 * starts from the old place. A full page load is left to the browser, as is a change of the query
 * alone (the search page rewrites its address as the visitor types) and a page that put focus
 * into one of its own fields. The heading gets tabindex="-1" so it can hold focus without
 * entering the Tab order. The skip link (#main) is untouched.
 */
export function RouteFocus() {
  const pathname = usePathname();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = (): boolean => {
      const active = document.activeElement;
      // the page focused one of its own controls (a form's first field, an error summary): leave it
      if (
        active instanceof HTMLElement &&
        active !== document.body &&
        main.contains(active) &&
        active.matches('input, select, textarea, [role="alert"]')
      ) {
        return true;
      }
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    // The page is still streaming (a loading state without its heading): wait for the heading.
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
  return null;
}
