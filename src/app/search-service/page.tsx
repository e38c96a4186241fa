import type { Metadata } from 'next';
import Link from '@/components/link';
import { Suspense } from 'react';

import { getEnv } from '@/config/env';
import { RecentSearches } from '@/features/company-reference/components/recent-searches';
import s from '@/features/company-reference/components/reference.module.css';
import { ReferenceSearchForm } from '@/features/company-reference/components/search-form';
import { NtaAttribution } from '@/features/site/components/legal/legal-parts';
import { operatorInfoFromEnv } from '@/features/site/legal-content/operator-from-env';

export const metadata: Metadata = {
  title: '法人情報照会（無料）｜法人番号・商号・所在地・変更履歴・インボイス登録',
  description:
    '全国の法人を商号・フリガナ・法人番号で検索し、所在地、商号や所在地の変更履歴、閉鎖の状況、会社法人等番号、インボイス（適格請求書発行事業者）の登録状況を無料で確認できます。',
  alternates: { canonical: '/search-service' },
};

export default function SearchServicePage() {
  return (
    <div className={`container ${s.page}`}>
      <span className={s.serviceLabel}>無料・会員登録不要</span>
      <h1 className={s.title}>法人情報照会</h1>
      <p className={s.lead}>
        国税庁が公表している法人番号のデータから、全国の法人の基本情報を調べられます。商号の一部、読み、13桁の法人番号のどれからでも検索できます。
      </p>
      <ReferenceSearchForm />
      {/* Below the form: hydrated as a task of its own after it (docs/decisions/0037). */}
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
            <p>適格請求書発行事業者の登録番号、登録年月日と、本日時点の登録状況を表示します。</p>
          </li>
        </ul>
        <p>
          <Link href="/search-service/help/terms-of-use">利用規約</Link>・
          <Link href="/search-service/help/privacy-policy">プライバシーポリシー</Link>
          （法人情報照会サービス）
        </p>
        <div className={s.attribution}>
          <NtaAttribution operator={operatorInfoFromEnv(getEnv())} includeInvoice />
        </div>
      </Suspense>
    </div>
  );
}
