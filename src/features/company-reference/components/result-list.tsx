import Link from '@/components/link';

import { type SearchResult } from '@/features/company-search';
import { referencePath } from '../schemas';
import s from './reference.module.css';
import { groupDigits } from '@/lib/digits';

/** The reference service's result list: each company links to its record page. */
export function ReferenceResultList({ result, nextHref }: { result: SearchResult; nextHref: string | null }) {
  const total = result.countCapped ? `${groupDigits(result.count)}件以上` : `${groupDigits(result.count)}件`;
  return (
    <>
      <p className={s.summary} role="status">
        {result.items.length === 0 ? (
          '該当する法人は見つかりませんでした。商号の一部や読みで検索するか、閉鎖した法人も含めてお試しください。'
        ) : (
          <>
            {total}見つかりました（{result.page}ページ目）
          </>
        )}
      </p>
      {result.items.length > 0 ? (
        <ol className={s.results} aria-label="検索結果">
          {result.items.map((c) => (
            <li key={c.corporateNumber} className={s.result}>
              <Link className={s.resultLink} href={referencePath(c.corporateNumber)} prefetch={false}>
                <span className={s.resultName}>
                  {c.name}
                  {c.closed ? <span className={`${s.badge} ${s.badgeClosed}`}>閉鎖</span> : null}
                  {c.match === 'former_name' && c.matchedFormerName !== null ? (
                    <span className={`${s.badge} ${s.badgeFormer}`}>旧商号「{c.matchedFormerName}」</span>
                  ) : null}
                </span>
                <span className={s.resultMeta}>
                  法人番号 {c.corporateNumber}・{c.kindLabel}
                  {c.furigana !== null ? `・${c.furigana}` : ''}
                </span>
                <span className={s.resultMeta}>{c.address}</span>
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
      {result.depthLimited ? (
        <p className="notice-box">結果が多いため、ここまでの表示です。検索語を追加するか都道府県で絞り込んでください。</p>
      ) : null}
      {nextHref !== null ? (
        <nav className={s.pager} aria-label="ページ送り">
          <span />
          <Link className="button-secondary button" href={nextHref} prefetch={false}>
            次の{result.items.length}件以降を見る
          </Link>
        </nav>
      ) : null}
    </>
  );
}
