import { getSiteInfo } from '@/config/site';
import { SITEMAP_CACHE_CONTROL, urlsetXml } from '@/features/company-reference/server/sitemap';

/** The public pages that are not company records (member and account pages are left out). */
const PAGES = [
  '/',
  '/search',
  '/search-service',
  '/help/terms-of-use',
  '/help/privacy-policy',
  '/help/specified-commercial-transaction-law',
  '/search-service/help/terms-of-use',
  '/search-service/help/privacy-policy',
];

export const dynamic = 'force-dynamic';

export function GET(): Response {
  const { siteUrl } = getSiteInfo();
  return new Response(urlsetXml(PAGES.map((p) => new URL(p, siteUrl).toString())), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SITEMAP_CACHE_CONTROL },
  });
}
