import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * The site's link: next/link without viewport prefetching (docs/decisions/0036). Every page of
 * hojin is rendered per request (the root layout reads the request's headers), so what Next
 * prefetches for a link in view is an empty shell; fetching and decoding those (4–20 requests per
 * page, two each) ran on the main thread right after hydration, inside the page's blocking time.
 * A click still navigates on the client, fetching the page once, as it did. `prefetch` can still
 * be given for a link where it pays.
 */
export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
