import orderStyles from './order-summary.module.css';

/**
 * What the 当社手数料 pays for, beside the prices on /purchase/select (issue 24 §4): the ministry's
 * own かんたん証明書請求 sends the same certificate for its fee alone, so the page says what the
 * member gets for the rest — plainly, and that doing it oneself is possible. A server component:
 * the select step renders it and passes it in (no bytes in the step's JavaScript).
 */
export function FeeCoverage() {
  return (
    <div className={orderStyles.feeCoverage} data-testid="fee-coverage">
      <h3 className={orderStyles.feeCoverageTitle}>当社手数料に含まれるもの</h3>
      <ul>
        <li>法務局への証明書の請求（お客様に代わって当社が請求します）</li>
        <li>クレジットカードでのお支払い（登記ねっとの利用者登録や電子納付は不要です）</li>
        <li>証明書の郵送（送料込み）と、発送時の追跡番号のお知らせ</li>
        <li>適格請求書（インボイス）として使える領収書</li>
      </ul>
      <p className="muted">
        法務局手数料は法務局に納める額です。登記ねっと（かんたん証明書請求）でご自身で請求する場合は、法務局手数料だけでお取り寄せいただけます。
      </p>
    </div>
  );
}
