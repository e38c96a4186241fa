import { accountingExportUrl, AccountingMonthSchema } from '@/features/backoffice';
import styles from '../admin.module.css';
import { Field } from '../field';
import { accountingSummary } from '../../server/accounting';
import { formatYen } from '@/lib/format';
import { StaffTable } from '../staff-table';

/** The summary's columns: the table's header, and each amount's label on a phone. */
const SUMMARY_COLUMNS = ['件数', '非課税（法務局手数料）', '課税対象額（10%・税込）', 'うち消費税', '合計'] as const;

/** The current month in Japan time, 'YYYY-MM'. */
function thisMonthJst(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
}

/**
 * The accounting export (manager): pick a month, see its totals, download the CSV. The preview
 * writes nothing; the download (the API) writes the audit row.
 */
export async function AccountingView({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).month;
  const parsed = AccountingMonthSchema.safeParse({ month: typeof raw === 'string' ? raw : thisMonthJst() });
  const month = parsed.success ? parsed.data.month : thisMonthJst();
  const { totals } = await accountingSummary(month);
  const [y, m] = month.split('-').map(Number);
  return (
    <>
      <h1 className={styles.pageTitle}>会計データ</h1>
      <p className={styles.lead}>
        月ごとの売上（お支払い済みの注文）と返金を CSV で出力します。日付は日本時間で、月の区切りも日本時間です。Excel
        でそのまま開けます（UTF-8・BOM 付き）。
      </p>
      <form className={styles.filters} method="get" action="/admin/accounting" aria-label="対象の月">
        <Field id="month" label="対象の月">
          <input id="month" name="month" type="month" className={styles.input} defaultValue={month} required />
        </Field>
        <div className={styles.actions}>
          <button type="submit" className={`${styles.button} ${styles.buttonSecondary}`}>
            集計を表示
          </button>
        </div>
      </form>
      {!parsed.success ? (
        <p className={styles.alert} role="alert">
          対象の月が正しくないため、今月を表示しています。
        </p>
      ) : null}
      <section className={styles.card} aria-labelledby="acc-summary">
        <h2 id="acc-summary">
          {y}年{m}月の集計
        </h2>
        <StaffTable columns={SUMMARY_COLUMNS} className={`${styles.numbers} ${styles.stackOnPhone}`} testId="accounting-summary">
          <tr>
            {/* data-label: the column's name beside each amount on a phone, where the cells stack */}
            <td data-label={SUMMARY_COLUMNS[0]}>
              売上 {totals.sales} 件・返金 {totals.refunds} 件
            </td>
            <td data-label={SUMMARY_COLUMNS[1]}>{formatYen(totals.nonTaxableYen)}</td>
            <td data-label={SUMMARY_COLUMNS[2]}>{formatYen(totals.taxable10Yen)}</td>
            <td data-label={SUMMARY_COLUMNS[3]}>{formatYen(totals.tax10Yen)}</td>
            <td data-label={SUMMARY_COLUMNS[4]}>
              <strong>{formatYen(totals.totalYen)}</strong>
            </td>
          </tr>
        </StaffTable>
        <dl className={styles.dl}>
          <dt>PAY.JP の課金額</dt>
          <dd>{formatYen(totals.chargedYen)}（この月にお支払いが完了した注文の合計）</dd>
          <dt>返金額</dt>
          <dd>{formatYen(totals.refundedYen)}（この月に PAY.JP で返金された額）</dd>
        </dl>
        <div className={`${styles.actions} ${styles.formGap}`}>
          <a className={styles.button} href={accountingExportUrl(month)} download>
            {y}年{m}月の CSV をダウンロード
          </a>
          <a className={`${styles.button} ${styles.buttonSecondary}`} href={accountingExportUrl(month, 'summary')} download>
            集計の CSV
          </a>
        </div>
        <p className="muted">
          CSV は売上・返金の明細だけです（合計の行はありません）。月の合計は「集計の CSV」にあります。ダウンロードは監査ログに記録されます。
        </p>
      </section>
    </>
  );
}
