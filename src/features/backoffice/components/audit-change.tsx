import { CARRIERS, FULFILMENT_LABELS } from '@/features/orders';
import { formatDateTimeJa, formatYen } from '@/lib/format';
import { ownEntry } from '@/lib/own';

import styles from './admin.module.css';

/** Japanese names of the fields the audit rows keep (notices, staff, logins, orders, refunds, the accounting export). */
const FIELD_LABELS: Record<string, string> = {
  title: 'タイトル',
  bodyLength: '本文の文字数',
  publishFrom: '掲載開始',
  publishUntil: '掲載終了',
  maintenanceStart: 'メンテナンス開始',
  maintenanceEnd: 'メンテナンス終了',
  fileName: 'PDF',
  sizeBytes: 'サイズ（バイト）',
  disabled: '無効',
  role: '権限',
  email: 'メールアドレス',
  displayName: '表示名',
  reason: '理由',
  enrolled: '認証アプリ登録',
  by: '実行元',
  passwordChangeRequired: 'パスワードの変更が必要',
  // orders (fulfilment steps, notes, the shipped mail)
  fulfilmentStatus: '対応状況',
  applicationNumber: '申請番号',
  carrier: '配送業者',
  trackingNumber: '追跡番号',
  note: 'メモ',
  mailSent: '発送メールの送信',
  // refunds
  refundId: '返金ID',
  amountYen: '返金額',
  taxableYen: '10%対象（税込）',
  taxYen: '消費税',
  nonTaxableYen: '非課税（法務局手数料）',
  refundedYen: '返金済みの額',
  refundableYen: '返金できる残額',
  refundedAt: 'PAY.JP での返金日時',
  // the accounting export
  month: '対象の月',
  sales: '売上の件数',
  refunds: '返金の件数',
  chargedYen: 'PAY.JP の課金額',
  taxable10Yen: '課税対象額（10%・税込）',
  tax10Yen: '消費税（10%）',
  totalYen: '合計',
};

/** Values that are codes of one field (an order's state, a carrier), in the words the order page uses. */
const FIELD_VALUE_LABELS: Record<string, Record<string, string>> = {
  fulfilmentStatus: FULFILMENT_LABELS,
  carrier: Object.fromEntries(Object.entries(CARRIERS).map(([id, c]) => [id, c.label])),
};

const VALUE_LABELS: Record<string, string> = {
  wrong_password: 'パスワード誤り',
  unknown_email: '登録のないアドレス',
  disabled: '無効なアカウント',
  cli: 'コマンド（admin:create）',
  staff: 'スタッフ',
  manager: 'マネージャー',
};

function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  // own entries only: a value typed by someone ("constructor", "toString") is text, never an inherited member
  const coded = typeof value === 'string' ? ownEntry(ownEntry(FIELD_VALUE_LABELS, key) ?? {}, value) : undefined;
  if (coded) return coded;
  // amounts (…Yen) as the order page shows them: 1,050円
  if (typeof value === 'number' && key.endsWith('Yen')) return formatYen(value);
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value)) return formatDateTimeJa(new Date(value));
    return ownEntry(VALUE_LABELS, value) ?? value;
  }
  if (typeof value === 'number') return value.toLocaleString('ja-JP');
  return JSON.stringify(value);
}

/** A recorded object as a Map: its own keys only, so no key of the data can reach an inherited member. */
function asRecord(value: unknown): Map<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? new Map(Object.entries(value)) : null;
}

/**
 * "before → after" for the fields that changed; every field when there is no "before" (a creation).
 * A field recorded on one side only is its value, not "550円 → —": 「（実行前）」 when only before.
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!a && !b) return <span className="muted">—</span>;
  // jsonb does not keep key order: show the fields in the order of FIELD_LABELS
  const order = Object.keys(FIELD_LABELS);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const keys = [...new Set([...(a?.keys() ?? []), ...(b?.keys() ?? [])])].sort((x, y) => rank(x) - rank(y));
  const changed = b ? keys.filter((k) => JSON.stringify(b.get(k)) !== JSON.stringify(a?.get(k))) : keys;
  if (changed.length === 0) return <span className="muted">変更なし</span>;
  return (
    <ul className={styles.changeList}>
      {changed.map((k) => (
        <li key={k}>
          <span className={styles.changeKey}>{ownEntry(FIELD_LABELS, k) ?? k}</span>
          <span>
            {b && a && !a.has(k) ? (
              // recorded only before the action (a refund's totals before it): the value, said so
              <>
                {show(k, b.get(k))}
                <span className="muted">（実行前）</span>
              </>
            ) : b && (!a || b.has(k)) ? (
              <>
                {show(k, b.get(k))} → <strong>{show(k, a?.get(k))}</strong>
              </>
            ) : (
              // recorded only after it (what the action made): the value alone
              show(k, a?.get(k))
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
