import type { ReactNode } from 'react';

/**
 * next/link for component tests (`vi.mock('next/link', () => import('@tests/support/link-test-double'))`):
 * a plain anchor. next/link's own props, such as prefetch, are not the anchor's.
 */
export default function Link({ href, children, prefetch: _prefetch, ...rest }: { href: string; children: ReactNode; prefetch?: unknown }) {
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
