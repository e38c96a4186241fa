import Link from '@/components/link';
import { containedTaxYen } from '@/features/payments';
import { formatYenTaxIncluded } from '@/lib/format';

import type { ApiPlan } from '../rules';

import styles from './api.module.css';

export interface PricingPageProps {
  plans: ApiPlan[];
  /** days a paid plan keeps its quota after a failed renewal */
  graceDays: number;
  ipPerSecond: number;
}

const n = (v: number) => v.toLocaleString('ja-JP');

/**
 * /developers/pricing (issue 27 §1, docs/decisions/0112): the plans with their tax-inclusive
 * prices and limits, and the terms of the monthly subscription as the 特定商取引法 asks them to be
 * shown where one subscribes (renewal date, how to cancel, plan changes, refunds).
 */
export function PricingPage({ plans, graceDays, ipPerSecond }: PricingPageProps) {
  const paid = plans.filter((p) => p.priceYen > 0);
  return (
    <article>
      <h1>hojin API の料金プラン</h1>
      <p className={styles.lead}>
        無料のフリープランでそのままお試しいただけます。より多くのリクエストが必要な場合は、月額の有料プランにお申し込みください（表示価格はすべて税込）。
      </p>

      <section className={styles.section} aria-labelledby="plans-title">
        <h2 id="plans-title" className={styles.sectionTitle}>
          プラン
        </h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">プラン</th>
              <th scope="col">月額（税込）</th>
              <th scope="col">リクエスト数／月</th>
              <th scope="col">キーごとの毎秒上限</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                <td>
                  {p.priceYen === 0 ? (
                    '無料（カード登録不要）'
                  ) : (
                    <>
                      {formatYenTaxIncluded(p.priceYen)}
                      <br />
                      <small>うち消費税（10%）{n(containedTaxYen(p.priceYen))}円</small>
                    </>
                  )}
                </td>
                <td>{n(p.monthlyQuota)} 件</td>
                <td>{n(p.ratePerSecond)} 件／秒</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={styles.note}>
          リクエスト数は会員ごと（すべてのキーの合計）に、日本時間の毎月1日から月末までで数えます。接続元アドレスごとの上限（毎秒{' '}
          {n(ipPerSecond)} 件）はどのプランでも同じです。
        </p>
        <p>
          <Link href="/my-page/api" className="button">
            マイページでプランを選ぶ
          </Link>
        </p>
      </section>

      {paid.length > 0 && (
        <section id="terms" className={styles.section} aria-labelledby="terms-title">
          <h2 id="terms-title" className={styles.sectionTitle}>
            有料プランの契約条件
          </h2>
          <dl className={styles.terms}>
            <dt>料金と支払方法</dt>
            <dd>
              上の表の月額（税込）を、クレジットカードでお支払いいただきます（決済代行：PAY.JP）。お申し込みには、3-D
              セキュア（本人認証）を済ませたカードが必要です。
            </dd>
            <dt>支払時期と更新日</dt>
            <dd>
              お申し込みの時点で最初の1か月分を決済し、その日から1か月を1期間とします。以後、毎月の更新日（お申し込み日と同じ日。その日がない月は月末日）に次の1か月分を自動で決済し、契約を更新します。
            </dd>
            <dt>提供時期</dt>
            <dd>決済が完了した時点から、そのプランのリクエスト数と毎秒上限が適用されます。</dd>
            <dt>上位プランへの変更</dt>
            <dd>
              すぐに切り替わります。変更の時点で、新しいプランの月額を次の更新日までの残り日数で日割りした金額（1円未満切り捨て）を決済します。更新日は変わらず、次の更新日からは新しいプランの月額です。変更前のプランの残り期間分の返金はありません。
            </dd>
            <dt>下位プランへの変更</dt>
            <dd>次の更新日から切り替わります。それまでは現在のプランをご利用いただけます。</dd>
            <dt>解約</dt>
            <dd>
              マイページの「API
              キー」からいつでも手続きできます。解約は現在の期間の終わり（次の更新日）に効力を生じ、それ以降の決済は行いません。期間の終わりまでは有料プランをご利用いただけ、それまでは解約を取り消せます。解約後はフリープランになります。
            </dd>
            <dt>返金</dt>
            <dd>
              始まった期間の料金は、期間の途中で解約・変更された場合も返金いたしません。ただし、当社の責めに帰すべき事由によりサービスを提供できなかった場合はこの限りではありません。
            </dd>
            <dt>更新の決済に失敗したとき</dt>
            <dd>
              メールでお知らせします。その日から {graceDays}{' '}
              日間は有料プランのリクエスト数を維持します。その間にマイページでカードを登録し直すと、その時点で決済して新しい期間が始まります。
              {graceDays} 日を過ぎるとフリープランになります（カードを登録し直せば、いつでも再開できます）。
            </dd>
            <dt>領収書</dt>
            <dd>決済ごとに適格請求書（領収書）の PDF を発行し、マイページの「お支払い履歴」からダウンロードできます。</dd>
          </dl>
          <p className={styles.note}>
            販売事業者・所在地・連絡先などは<Link href="/help/specified-commercial-transaction-law">特定商取引法に基づく表記</Link>
            をご覧ください。
          </p>
        </section>
      )}
    </article>
  );
}
