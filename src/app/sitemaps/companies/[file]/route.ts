import { getSiteInfo } from '@/config/site';
import { SITEMAP_CACHE_CONTROL, companySitemapPaths, urlsetXml } from '@/features/company-reference/server/sitemap';

/** /sitemaps/companies/{n}.xml — the n-th 50,000 company record pages, in 法人番号 order. */
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const match = /^(0|[1-9]\d{0,5})\.xml$/.exec(file);
  if (match === null) return notFound();
  const outcome = companySitemapPaths(Number(match[1]));
  if (!outcome.ok) {
    if (outcome.code === 'not_found') return notFound();
    return new Response('registry unavailable\n', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '3600', 'Cache-Control': 'no-store' },
    });
  }
  const { siteUrl } = getSiteInfo();
  return new Response(urlsetXml(outcome.value.map((p) => new URL(p, siteUrl).toString())), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SITEMAP_CACHE_CONTROL },
  });
}

function notFound(): Response {
  return new Response('not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
