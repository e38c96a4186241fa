import Link from '@/components/link';
import { redirect } from 'next/navigation';

import { ADMIN_API_PATHS, OrderQueueQuerySchema } from '@/features/backoffice';
import { companyRegistryNumber } from '@/features/orders';
import styles from '../admin.module.css';
import { Field } from '../field';
import { FilterActions } from '../filter-actions';
import { ExpressBadge, FulfilmentBadge } from '../fulfilment-badge';
import { listOrderQueue, lookupOrderNumber } from '../../server/orders';
import { FULFILMENT_LABELS, FULFILMENT_STATUSES } from '@/features/orders';
import { formatDateTimeJa, formatIsoDateJa, formatYen } from '@/lib/format';
import { StaffTable } from '../staff-table';

/**
 * The order queue (issue 12 §3): paid orders, express first, then by the last day promised (the
 * same order as the CSV of the open queue, decision 0069), with 速達 marked and the delivery window promised at purchase. The filter is a plain GET form
 * (bookmarkable, works without JavaScript). Without a status filter the queue shows the orders
 * that still need work (受付済み, 法務局へ請求済み); 「すべて」 shows every paid order. A 注文番号
 * (decision 0025) — what a member quotes, typed any way — opens that order, whatever its state.
 */
const OPEN = ['accepted', 'requested'] as const;

export async function OrdersView({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = await searchParams;
  const query = OrderQueueQuerySchema.parse(raw);
  const lookup = query.orderNumber === undefined ? null : await lookupOrderNumber(query.orderNumber);
  if (lookup?.kind === 'found') redirect(`/admin/orders/${lookup.orderId}`);
  const all = raw.status === 'all';
  const effective = { ...query, status: query.status?.length ? query.status : all ? undefined : [...OPEN] };
  const { rows, next } = lookup ? { rows: [], next: null } : await listOrderQueue(effective);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'after') continue;
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) params.append(k, one);
  }
  const nextHref = next ? `/admin/orders?${new URLSearchParams([...params, ['after', next]])}` : null;
  const statusValue = query.status?.length === 1 ? query.status[0] : all ? 'all' : '';
  return (
    <>
      <h1 className={styles.pageTitle}>注文</h1>
      <p className={styles.lead}>お支払い済みの注文を、速達を先に、お届け期限の近い順に表示します。速達の注文は「速達」と表示されます。</p>
      <p>
        <a href={ADMIN_API_PATHS.openQueueExport} download>
          受付済み（法務局へ未請求）の注文を CSV でダウンロード
        </a>
        <span className="muted">（速達・期限の近い順、会社法人等番号つき。登記ねっとでのまとめての請求に）</span>
      </p>
      <form className={styles.filters} method="get" action="/admin/orders" role="search" aria-label="注文番号で探す">
        <div className={`${styles.field} ${styles.numberField}`}>
          <label className={styles.label} htmlFor="q-number">
            注文番号
          </label>
          <input
            id="q-number"
            name="orderNumber"
            className={`${styles.input} ${styles.mono}`}
            placeholder="HJ-2611-4K7QX"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-describedby="q-number-hint"
            defaultValue={query.orderNumber ?? ''}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.button}>
            注文を開く
          </button>
        </div>
        <p id="q-number-hint" className={`${styles.sub} ${styles.hintRow}`}>
          お客様がおっしゃる番号をそのまま入力できます（小文字・ハイフンなし・全角も可）。
        </p>
      </form>
      {lookup ? (
        <p className={styles.alert} role="alert" data-testid="order-number-lookup">
          {lookup.message}
        </p>
      ) : null}
      <form className={styles.filters} method="get" action="/admin/orders" role="search" aria-label="注文の絞り込み">
        <Field id="q-status" label="対応状況">
          <select id="q-status" name="status" className={styles.select} defaultValue={statusValue}>
            <option value="">未対応（受付済み・法務局へ請求済み）</option>
            {FULFILMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {FULFILMENT_LABELS[s]}
              </option>
            ))}
            <option value="all">すべて</option>
          </select>
        </Field>
        <Field id="q-express" label="配送">
          <select
            id="q-express"
            name="express"
            className={styles.select}
            defaultValue={query.express === undefined ? '' : query.express ? '1' : '0'}
          >
            <option value="">すべて</option>
            <option value="1">速達のみ</option>
            <option value="0">通常のみ</option>
          </select>
        </Field>
        <Field id="q-from" label="お支払い日（から）">
          <input id="q-from" name="from" type="date" className={styles.input} defaultValue={query.from ?? ''} />
        </Field>
        <Field id="q-to" label="お支払い日（まで）">
          <input id="q-to" name="to" type="date" className={styles.input} defaultValue={query.to ?? ''} />
        </Field>
        <Field id="q-cn" label="法人番号">
          <input
            id="q-cn"
            name="corporateNumber"
            className={styles.input}
            inputMode="numeric"
            maxLength={20}
            defaultValue={query.corporateNumber ?? ''}
          />
        </Field>
        <Field id="q-email" label="会員のメールアドレス">
          <input id="q-email" name="email" type="email" className={styles.input} maxLength={254} defaultValue={query.email ?? ''} />
        </Field>
        <FilterActions clearHref="/admin/orders" />
      </form>
      {lookup ? null : (
        <>
          <StaffTable
            columns={['お支払い日時', '会社', '証明書', 'お届け予定', '対応状況', '会員', '金額']}
            className={styles.queueTable}
            testId="order-queue"
            empty={rows.length === 0 ? '条件に合う注文はありません。' : null}
          >
            {rows.map((r) => (
              <tr key={r.id} data-order-id={r.id}>
                <td className={styles.nowrap}>
                  <Link href={`/admin/orders/${r.id}`}>{r.paidAt ? formatDateTimeJa(new Date(r.paidAt)) : '—'}</Link>
                  <span className={`${styles.sub} ${styles.mono}`} data-testid="queue-order-number">
                    {r.orderNumber}
                  </span>
                </td>
                <td>
                  {r.companyName}
                  <span className={`${styles.sub} ${styles.mono}`}>{r.corporateNumber}</span>
                  {/* what 登記ねっと's かんたん証明書請求 asks for */}
                  <span className={`${styles.sub} ${styles.mono}`} data-testid="queue-registry-number">
                    会社法人等番号 {companyRegistryNumber(r.corporateNumber) ?? '—'}
                  </span>
                </td>
                <td>
                  {r.certificates.map((c) => (
                    <span key={c.name} className={styles.nowrap} style={{ display: 'block' }}>
                      {c.name} × {c.quantity}
                    </span>
                  ))}
                </td>
                <td className={styles.nowrap}>
                  {formatIsoDateJa(r.scheduledStartDate)}〜
                  <br />
                  {formatIsoDateJa(r.scheduledEndDate)}
                  {r.express ? <ExpressBadge /> : null}
                </td>
                <td>
                  <FulfilmentBadge status={r.fulfilmentStatus} refundedYen={r.refundedYen} />
                </td>
                <td>{r.memberEmail ?? <span className="muted">退会済み</span>}</td>
                <td className={styles.nowrap}>{formatYen(r.amountYen)}</td>
              </tr>
            ))}
          </StaffTable>
          <nav className={styles.pager} aria-label="ページ">
            {query.after ? <Link href={`/admin/orders?${params}`}>最初のページへ</Link> : null}
            {nextHref ? <Link href={nextHref}>次の50件</Link> : null}
          </nav>
        </>
      )}
    </>
  );
}
