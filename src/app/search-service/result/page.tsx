import type { Metadata } from 'next';
import Link from '@/components/link';
import { notFound, permanentRedirect, redirect } from 'next/navigation';
import { cache } from 'react';

import { getEnv } from '@/config/env';
import { CompanyRecord } from '@/features/company-reference/components/company-record';
import { RememberSearch } from '@/features/company-reference/components/recent-searches';
import s from '@/features/company-reference/components/reference.module.css';
import { ReferenceResultList } from '@/features/company-reference/components/result-list';
import { ReferenceSearchForm } from '@/features/company-reference/components/search-form';
import { ReferenceSearchParamsSchema, referencePath } from '@/features/company-reference/schemas';
import { jsonLdText, recordDescription, recordJsonLd, recordTitle } from '@/features/company-reference/seo';
import { COMPANY_ERROR_MESSAGES } from '@/features/registry';
import { parseCorporateNumberQuery } from '@/features/registry/index.server';
import { getReferenceRecord } from '@/features/company-reference/server/reference-record';
import { searchCompanies } from '@/features/company-search/index.server';
import { NtaAttribution } from '@/features/site/components/legal/legal-parts';
import { operatorInfoFromEnv } from '@/features/site/legal-content/operator-from-env';
import { WATCH_INTENT_PARAM } from '@/lib/watch-intent';

/**
 * /search-service/result — the result list for `?q=…` and, at `?corporateNumber=…`, a company's
 * record (the stable, canonical, shareable URL search engines index). Server-rendered from the
 * read-only registry and invoice files; no database.
 */

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** One lookup per request, shared by generateMetadata and the page. */
const recordFor = cache((corporateNumber: string) => getReferenceRecord(corporateNumber));

function searchInput(sp: Record<string, string | string[] | undefined>) {
  // Only the parameters the form sends; anything else (tracking tags…) is ignored, not an error.
  const raw: Record<string, string> = {};
  for (const key of ['q', 'prefecture', 'includeClosed', 'cursor'] as const) {
    const v = one(sp[key]);
    if (v !== undefined && v !== '') raw[key] = v;
  }
  return ReferenceSearchParamsSchema.safeParse(raw);
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
  return <NtaAttribution operator={operatorInfoFromEnv(getEnv())} includeInvoice />;
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
          <ReferenceSearchForm values={{ q: number }} />
        </div>
      );
    }
    const record = outcome.record;
    const url = new URL(record.path, getEnv().APP_BASE_URL).toString();
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

  const input = searchInput(sp);
  if (!input.success) {
    if (one(sp.q) === undefined || one(sp.q)?.trim() === '') redirect('/search-service');
    return (
      <div className={`container ${s.page}`}>
        <h1 className={s.title}>法人情報の検索</h1>
        <p className="error-box" role="alert">
          {input.error.issues[0]?.message ?? COMPANY_ERROR_MESSAGES.invalid_format}
        </p>
        <ReferenceSearchForm values={{ q: one(sp.q) }} />
      </div>
    );
  }
  const params = input.data;
  // This page's form has no address field: an address-only URL (the shared schema allows it) starts over.
  if (params.q === undefined) redirect('/search-service');
  const outcome = searchCompanies({
    q: params.q,
    prefecture: params.prefecture,
    includeClosed: params.includeClosed,
    cursor: params.cursor,
  });
  const values = { q: params.q, prefecture: params.prefecture, includeClosed: params.includeClosed };

  // A 法人番号 (or 会社法人等番号) that names one company goes straight to its record.
  if (
    outcome.ok &&
    (outcome.result.query.type === 'corporate_number' || outcome.result.query.type === 'company_legal_number') &&
    outcome.result.items.length === 1 &&
    params.cursor === undefined
  ) {
    redirect(referencePath(outcome.result.items[0]?.corporateNumber ?? ''));
  }

  let nextHref: string | null = null;
  if (outcome.ok && outcome.result.nextCursor !== null) {
    const p = new URLSearchParams({ q: params.q });
    if (params.prefecture) p.set('prefecture', params.prefecture);
    if (params.includeClosed) p.set('includeClosed', '1');
    p.set('cursor', outcome.result.nextCursor);
    nextHref = `/search-service/result?${p.toString()}`;
  }

  return (
    <div className={`container ${s.page}`}>
      <nav aria-label="パンくずリスト">
        <ol className={s.serviceNav}>
          <li>
            <Link href="/search-service">法人情報照会</Link> ›
          </li>
          <li aria-current="page">検索結果</li>
        </ol>
      </nav>
      <h1 className={s.title}>「{params.q}」の検索結果</h1>
      <ReferenceSearchForm values={values} />
      {outcome.ok ? (
        <>
          <RememberSearch q={params.q} prefecture={params.prefecture} includeClosed={params.includeClosed} />
          <ReferenceResultList result={outcome.result} nextHref={nextHref} />
        </>
      ) : (
        <p className="error-box" role="alert" style={{ marginTop: 16 }}>
          {outcome.message}
        </p>
      )}
      <div className={s.attribution}>
        <Attribution />
      </div>
    </div>
  );
}
