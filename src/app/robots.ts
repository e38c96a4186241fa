import type { MetadataRoute } from 'next';

import { getSiteInfo } from '@/config/site';

/**
 * /robots.txt: public pages and company records are crawlable; the API, the member area and the
 * account flows are not (nothing there for a search engine, and their URLs may carry tokens).
 */
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = getSiteInfo();
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/my-page/', '/purchase/', '/temporary-auth', '/password-reset', '/login/complete', '/register/completion'],
    },
    sitemap: new URL('/sitemap.xml', siteUrl).toString(),
  };
}
