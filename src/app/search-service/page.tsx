import type { Metadata } from 'next';
import Link from '@/components/link';
import { Suspense } from 'react';

import { RecentSearches } from '@/features/company-reference/components/recent-searches';
import s from '@/features/company-reference/components/reference.module.css';
import { parseSearchUrl } from '@/features/company-search/client/search-url';
import { RegistryNotice } from '@/features/company-search/components/registry-notice';
import { SearchTips } from '@/features/company-search/components/search-tips';
import { initialSearch, registryStatus } from '@/features/company-search/index.server';
import { NtaAttribution } from '@/features/site/components/legal/legal-parts';
import { legalOperatorInfo } from '@/features/site/legal-content/operator-from-env';

import { ReferenceSearch } from './reference-search';

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const DESCRIPTION =
  '全国の法人を商号・フリガナ・法人番号・所在地で検索し、所在地、商号や所在地の変更履歴、閉鎖の状況、会社法人等番号、インボイス（適格請求書発行事業者）の登録状況を無料で確認できます。';

export async function generateMetadata({ searchParams }: PageProps): Promise<Metadata> {
  const { q } = parseSearchUrl(await searchParams);
  const query = q.trim();
  return query === ''
    ? {
        title: '法人情報照会（無料）｜法人番号・商号・所在地・変更履歴・インボイス登録',
        description: DESCRIPTION,
        alternates: { canonical: '/search-service' },
      }
    : // Result lists are endless variations of the same records: not indexed, links followed.
      { title: `「${query}」の検索結果｜法人情報照会`, description: DESCRIPTION, robots: { index: false, follow: true } };
}

/**
 * /search-service — the reference service's entry and its search: the search of /search (the same
 * component, filters — 都道府県, 市区町村, 所在地, 法人種別, 閉鎖 — and URL parameters, issue 24
 * point 4), server-rendered for the URL it is opened with; each result links to its record
 * (/search-service/result?corporateNumber=…).
 */
export default async function SearchServicePage({ searchParams }: PageProps) {
  const state = parseSearchUrl(await searchParams);
  const registry = registryStatus();
  return (
    <div className={`container ${s.page}`}>
      <span className={s.serviceLabel}>無料・会員登録不要</span>
      <h1 className={s.title}>法人情報照会</h1>
      <p className={s.lead}>
        国税庁が公表している法人番号のデータから、全国の法人の基本情報を調べられます。商号の一部、読み、13桁の法人番号、所在地のどれからでも検索できます。検索することで、
        <Link href="/search-service/help/terms-of-use">法人情報照会サービス利用規約</Link>に同意したものとみなされます。
      </p>
      <div className={s.searchArea}>
        <RegistryNotice status={registry} />
        <Suspense fallback={null}>
          <ReferenceSearch
            initial={registry.available ? initialSearch(state) : null}
            tips={<SearchTips />}
            registryUnavailable={!registry.available}
          />
        </Suspense>
      </div>
      {/* Below the search: hydrated as a task of its own after it (docs/decisions/0037). */}
      <Suspense fallback={null}>
        <RecentSearches />
        <ul className={s.features}>
          <li className={s.feature}>
            <h2>基本情報</h2>
            <p>商号、フリガナ、英語表記、法人種別、本店所在地、法人番号と会社法人等番号を表示します。</p>
          </li>
          <li className={s.feature}>
            <h2>変更履歴と閉鎖</h2>
            <p>商号や所在地の変更を時系列で表示します。閉鎖した法人は事由と承継先も確認できます。</p>
          </li>
          <li className={s.feature}>
            <h2>インボイス登録</h2>
            <p>適格請求書発行事業者の登録番号、登録年月日と、公表データの時点の登録状況を表示します。</p>
          </li>
        </ul>
        <p>
          <Link href="/search-service/help/terms-of-use">利用規約</Link>・
          <Link href="/search-service/help/privacy-policy">プライバシーポリシー</Link>
          （法人情報照会サービス）
        </p>
        <div className={s.attribution}>
          <NtaAttribution operator={legalOperatorInfo()} includeInvoice />
        </div>
      </Suspense>
    </div>
  );
}
