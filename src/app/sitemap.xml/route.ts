import { getSiteInfo } from '@/config/site';
import { SITEMAP_CACHE_CONTROL, companySitemapCount, sitemapIndexXml } from '@/features/company-reference/server/sitemap';

/**
 * /sitemap.xml — the sitemap index (robots.txt names it): the static pages' sitemap and one
 * sitemap per 50,000 company record pages (src/features/company-reference/server/sitemap.ts).
 */
export const dynamic = 'force-dynamic';

export function GET(): Response {
  const { siteUrl } = getSiteInfo();
  const count = companySitemapCount();
  if (!count.ok) return unavailable();
  const urls = [new URL('/sitemaps/pages.xml', siteUrl).toString()];
  for (let i = 0; i < count.value; i += 1) urls.push(new URL(`/sitemaps/companies/${i}.xml`, siteUrl).toString());
  return new Response(sitemapIndexXml(urls), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SITEMAP_CACHE_CONTROL },
  });
}

/** Crawlers retry a 503 later and keep what they had; an empty index would drop every record. */
function unavailable(): Response {
  return new Response('registry unavailable\n', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '3600', 'Cache-Control': 'no-store' },
  });
}
