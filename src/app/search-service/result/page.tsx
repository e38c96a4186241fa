import type { Metadata } from 'next';
import Link from '@/components/link';
import { notFound, permanentRedirect, redirect } from 'next/navigation';
import { cache } from 'react';

import { CompanyRecord } from '@/features/company-reference/components/company-record';
import s from '@/features/company-reference/components/reference.module.css';
import { referencePath } from '@/features/company-reference/schemas';
import { parseSearchUrl, searchUrlQuery } from '@/features/company-search/client/search-url';
import { jsonLdText, recordDescription, recordJsonLd, recordTitle } from '@/features/company-reference/seo';
import { parseCorporateNumberQuery } from '@/features/registry/index.server';
import { getReferenceRecord } from '@/features/company-reference/server/reference-record';
import { NtaAttribution } from '@/features/site/components/legal/legal-parts';
import { legalOperatorInfo } from '@/features/site/legal-content/operator-from-env';
import { WATCH_INTENT_PARAM } from '@/lib/watch-intent';
import { appUrl } from '@/config/server';

/**
 * /search-service/result — at `?corporateNumber=…`, a company's record; a search (`?q=…`, the former list) goes to /search-service.
 * The record is the stable, canonical, shareable URL search engines index, server-rendered from the
 * read-only registry and invoice files; no database.
 */

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** One lookup per request, shared by generateMetadata and the page. */
const recordFor = cache((corporateNumber: string) => getReferenceRecord(corporateNumber));

/**
 * /search-service with the search's parameters: this page's former names (`prefecture`,
 * `includeClosed`) read as /search's (`pref`, `closed`); `pref`, `city`, `addr`, `kind` kept; a
 * `cursor` (a page of the former list) dropped — the search starts at its first page.
 */
function referenceSearchHref(sp: Record<string, string | string[] | undefined>): string {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(sp)) {
    const v = one(value);
    if (v !== undefined) raw[key] = v;
  }
  if (raw.pref === undefined && raw.prefecture !== undefined) raw.pref = raw.prefecture;
  if (raw.closed === undefined && raw.includeClosed !== undefined) raw.closed = raw.includeClosed;
  const qs = searchUrlQuery(parseSearchUrl(raw));
  return qs === '' ? '/search-service' : `/search-service?${qs}`;
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const sp = await searchParams;
  const number = one(sp.corporateNumber);
  if (number !== undefined) {
    const outcome = recordFor(number);
    if (!outcome.ok) return { title: '法人情報が見つかりません', robots: { index: false } };
    const r = outcome.record;
    return {
      title: recordTitle(r),
      description: recordDescription(r),
      alternates: { canonical: r.path },
      openGraph: { title: recordTitle(r), description: recordDescription(r), url: r.path, type: 'website', locale: 'ja_JP' },
    };
  }
  const q = one(sp.q)?.trim();
  return {
    title: q ? `「${q}」の検索結果｜法人情報照会` : '法人情報照会の検索結果',
    // Result lists are endless variations of the same records: not indexed, links followed.
    robots: { index: false, follow: true },
  };
}

function Attribution() {
  return <NtaAttribution operator={legalOperatorInfo()} includeInvoice />;
}

export default async function SearchServiceResultPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const number = one(sp.corporateNumber);

  if (number !== undefined) {
    const parsed = parseCorporateNumberQuery(number);
    // One URL per company: full-width digits, hyphens or extra parameters redirect to the canonical form.
    // `?watch=` is the page's own once-only intent after logging in (src/lib/watch-intent.ts): kept.
    const extra = Object.keys(sp).filter((key) => key !== 'corporateNumber' && key !== WATCH_INTENT_PARAM);
    if (parsed.type === 'valid' && (parsed.corporateNumber !== number || extra.length > 0)) {
      permanentRedirect(referencePath(parsed.corporateNumber));
    }
    const outcome = recordFor(number);
    if (!outcome.ok) {
      if (outcome.code === 'not_found') notFound();
      return (
        <div className={`container ${s.page}`}>
          <h1 className={s.title}>法人情報を表示できませんでした</h1>
          <p className="error-box" role="alert">
            {outcome.message}
          </p>
          <p>
            <Link href={`/search-service?${new URLSearchParams({ q: number }).toString()}`}>「{number}」を法人情報照会で検索する</Link>
          </p>
        </div>
      );
    }
    const record = outcome.record;
    const url = appUrl(record.path).toString();
    return (
      <div className={`container ${s.page}`}>
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(recordJsonLd(record, url)) }} />
        <nav aria-label="パンくずリスト">
          <ol className={s.serviceNav}>
            <li>
              <Link href="/search-service">法人情報照会</Link> ›
            </li>
            <li aria-current="page">{record.company.current.name}</li>
          </ol>
        </nav>
        <CompanyRecord record={record} attribution={<Attribution />} />
      </div>
    );
  }

  // A search (the reference service's former result list, 「最近の検索」 and links saved before):
  // the search lives on /search-service now, with /search's parameters (issue 24 point 4).
  redirect(referenceSearchHref(sp));
}
