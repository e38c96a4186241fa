import type { Metadata } from 'next';
import Link from '@/components/link';
import { Suspense } from 'react';

import { parseSearchUrl } from '@/features/company-search/client/search-url';
import { CompanySearch } from '@/features/company-search/components/company-search';
import { RegistryNotice } from '@/features/company-search/components/registry-notice';
import { SearchTips } from '@/features/company-search/components/search-tips';
import { initialSearch, registryStatus } from '@/features/company-search/index.server';

import styles from './search-page.module.css';

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: PageProps): Promise<Metadata> {
  const { q } = parseSearchUrl(await searchParams);
  return { title: q.trim() !== '' ? `「${q.trim()}」の会社検索結果` : '会社検索', robots: { index: q.trim() === '', follow: true } };
}

/**
 * /search (issue 3 §6). Server-rendered for the URL it is opened with — the first paint already
 * has the results of `?q=…` — then the client searches as the visitor types.
 */
export default async function SearchPage({ searchParams }: PageProps) {
  const state = parseSearchUrl(await searchParams);
  const registry = registryStatus();
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>会社検索</h1>
      <p className={styles.lead}>
        会社名（商号）・フリガナ・法人番号から、全国の法人を検索できます。登記事項証明書のお取り寄せは、検索結果から法人を選んでお申し込みください。
      </p>
      <p className={styles.lead}>
        取引先の法人番号やインボイス登録番号をまとめて確認するには
        <Link href="/search/bulk">法人番号・インボイス登録の一括確認</Link>
        をご利用ください（最大1,000件、CSV対応）。
      </p>
      <RegistryNotice status={registry} />
      <Suspense fallback={null}>
        <CompanySearch
          initial={registry.available ? initialSearch(state) : null}
          tips={<SearchTips />}
          registryUnavailable={!registry.available}
        />
      </Suspense>
    </div>
  );
}
