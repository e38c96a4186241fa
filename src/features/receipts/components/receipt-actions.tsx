'use client';

import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';

import { OFFLINE_MESSAGE, UNEXPECTED_MESSAGE } from '@/components/form/messages';
import { RECEIPT_ADDRESSEE_MAX_LENGTH, withHonorific } from '@/features/orders';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/field-errors';
import { formatDateJa, formatDateTimeJa } from '@/lib/format';

import { RECEIPT_REISSUE_REASON_LABELS } from '../constants';
import { changeReceiptAddressee, isPaymentHistoryKey, reissueReceipt } from '../client/api';
import type { PaymentHistoryRow } from '../schemas';

import { receiptSchemas } from './lazy-schemas';
import styles from './payment-history.module.css';

type Panel = 'none' | 'addressee' | 'reissue';

/** Every page of the history shows the changed row: revalidate them all. */
/**
 * The receipt of a paid order in the payment history (issue 13 §2, docs/decisions/0024): the
 * download (the original, the same every time; or the latest re-issue), the 宛名 with its
 * honorific, changing it (before issue a plain change; after issue a re-issue, confirmed), and
 * asking for a re-issue (confirmed).
 */
export function ReceiptActions({ row }: { row: PaymentHistoryRow }) {
  const { mutate } = useSWRConfig();
  const [panel, setPanel] = useState<Panel>('none');
  const [addressee, setAddressee] = useState(row.receiptAddressee);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const receipt = row.receipt;
  const issued = receipt !== null;
  const canReissue = issued && receipt.reissuesLeft > 0;
  const when = formatDateTimeJa(new Date(row.orderedAt));
  if (!row.receiptUrl) return null;

  const open = (next: Panel) => {
    setPanel(next);
    setError(null);
    setFieldError(null);
    setDone(null);
    if (next === 'addressee') setAddressee(row.receiptAddressee);
  };

  async function send(request: () => Promise<unknown>, success: string) {
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      await request();
      await mutate(isPaymentHistoryKey);
      setPanel('none');
      setDone(success);
    } catch (e) {
      if (e instanceof ApiError && e.fields.receiptRecipient) setFieldError(e.fields.receiptRecipient);
      else setError(e instanceof ApiError ? e.message : '通信に失敗しました。時間をおいてもう一度お試しください。');
    } finally {
      setBusy(false);
    }
  }

  /** Checked with the route's own schema (loaded now, not with the page) before it is sent. */
  async function submitAddressee(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setFieldError(null);
    let schema: Awaited<ReturnType<typeof receiptSchemas>>['ReceiptAddresseeBodySchema'];
    try {
      schema = (await receiptSchemas()).ReceiptAddresseeBodySchema;
    } catch {
      setError(OFFLINE_MESSAGE);
      return;
    }
    const parsed = schema.safeParse({ paymentId: row.paymentId, receiptRecipient: addressee });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      if (errors.receiptRecipient) setFieldError(errors.receiptRecipient);
      else setError(Object.values(errors)[0] ?? UNEXPECTED_MESSAGE);
      return;
    }
    await send(
      () => changeReceiptAddressee(parsed.data),
      issued ? '宛名を訂正して領収書を再発行しました。「領収書（PDF・再発行）」からダウンロードできます。' : '領収書の宛名を変更しました。',
    );
  }

  // 「やめる」 of both panels (addressee, re-issue): closes the panel, sends nothing.
  const cancelButton = (
    <button type="button" className={`button button-secondary ${styles.receiptAction}`} onClick={() => open('none')} disabled={busy}>
      やめる
    </button>
  );

  const label = !issued ? '領収書（PDF）を発行' : receipt.reissue ? '領収書（PDF・再発行）をダウンロード' : '領収書（PDF）をダウンロード';

  return (
    <div className={styles.receiptBlock} data-testid="receipt">
      <p className={styles.receiptAddressee}>
        <span className={styles.receiptLabel}>領収書の宛名</span>
        <span data-testid="receipt-addressee">{withHonorific(row.receiptAddressee)}</span>
      </p>
      <p className={styles.receiptNote} data-testid="receipt-state">
        {!issued
          ? '未発行です。はじめてダウンロードした時点で発行されます（原本）。宛名は発行前であれば変更できます。'
          : receipt.reissue
            ? `No. ${receipt.serialNumber}（${formatDateJa(new Date(receipt.issuedAt))}発行）を${formatDateJa(new Date(receipt.reissue.at))}に再発行しました（${RECEIPT_REISSUE_REASON_LABELS[receipt.reissue.reason]}）。ダウンロードすると再発行した領収書が表示されます。`
            : `No. ${receipt.serialNumber}（${formatDateJa(new Date(receipt.issuedAt))}発行・原本）。何度ダウンロードしても同じ原本です。`}
      </p>
      <div className={styles.receiptButtons}>
        {/* A plain link, not next/link: no prefetch (the first GET issues the receipt). */}
        <a className={`button ${styles.receipt}`} href={row.receiptUrl} target="_blank" rel="noopener">
          {label}
          <span className="visually-hidden">（{when}のご注文、新しいタブで開きます）</span>
        </a>
        {!issued || canReissue ? (
          <button
            type="button"
            className={`button button-secondary ${styles.receiptAction}`}
            aria-expanded={panel === 'addressee'}
            aria-controls={`${ids}-addressee`}
            onClick={() => open(panel === 'addressee' ? 'none' : 'addressee')}
          >
            {issued ? '宛名を訂正して再発行' : '宛名を変更'}
            <span className="visually-hidden">（{when}のご注文）</span>
          </button>
        ) : null}
        {canReissue ? (
          <button
            type="button"
            className={`button button-secondary ${styles.receiptAction}`}
            aria-expanded={panel === 'reissue'}
            aria-controls={`${ids}-reissue`}
            onClick={() => open(panel === 'reissue' ? 'none' : 'reissue')}
          >
            再発行を依頼
            <span className="visually-hidden">（{when}のご注文）</span>
          </button>
        ) : null}
      </div>
      {issued && !canReissue ? (
        <p className={styles.receiptNote}>
          この領収書の再発行は上限に達しています。さらに必要な場合は、お問い合わせ窓口までご連絡ください。
        </p>
      ) : null}

      {panel === 'addressee' ? (
        <form id={`${ids}-addressee`} className={`panel ${styles.receiptPanel}`} onSubmit={(e) => void submitAddressee(e)} noValidate>
          {issued ? (
            <p className={styles.receiptWarning}>
              発行済みの領収書（No. {receipt.serialNumber}
              ）を、新しい宛名で再発行します。再発行した領収書には「再発行」と再発行日が記載され、訂正前の領収書は無効になります。番号と金額は変わりません。
            </p>
          ) : null}
          <label htmlFor={`${ids}-input`} className={styles.receiptLabel}>
            {issued ? '訂正後の宛名' : '新しい宛名'}
          </label>
          <input
            id={`${ids}-input`}
            className="input"
            value={addressee}
            maxLength={RECEIPT_ADDRESSEE_MAX_LENGTH * 2}
            autoComplete="organization"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${ids}-hint${fieldError ? ` ${ids}-error` : ''}`}
            onChange={(e) => setAddressee(e.target.value)}
          />
          <p id={`${ids}-hint`} className={styles.receiptNote}>
            {RECEIPT_ADDRESSEE_MAX_LENGTH}文字以内。「御中」「様」は自動で付きます（入力した場合はそのまま使います）。
            {addressee.trim() ? <span className={styles.receiptPreview}>表示：{withHonorific(addressee.normalize('NFKC'))}</span> : null}
          </p>
          {fieldError ? (
            <p id={`${ids}-error`} className={styles.receiptError} role="alert">
              {fieldError}
            </p>
          ) : null}
          <div className={styles.receiptButtons}>
            <button type="submit" className={`button ${styles.receiptAction}`} disabled={busy}>
              {issued ? '訂正して再発行する' : '宛名を変更する'}
            </button>
            {cancelButton}
          </div>
        </form>
      ) : null}

      {panel === 'reissue' && issued ? (
        <div id={`${ids}-reissue`} className={`panel ${styles.receiptPanel}`} role="group" aria-label="領収書の再発行の確認">
          <p className={styles.receiptWarning}>
            領収書（No. {receipt.serialNumber}
            ）を再発行します。再発行した領収書には「再発行」と再発行日が記載されます。番号・金額・宛名は変わりません。以後のダウンロードでは再発行した領収書が表示されます。
          </p>
          <div className={styles.receiptButtons}>
            <button
              type="button"
              className={`button ${styles.receiptAction}`}
              disabled={busy}
              onClick={() =>
                void send(
                  () => reissueReceipt(row.paymentId),
                  '領収書を再発行しました。「領収書（PDF・再発行）」からダウンロードできます。',
                )
              }
            >
              再発行する
            </button>
            {cancelButton}
          </div>
        </div>
      ) : null}

      {error ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className={styles.receiptDone} role="status">
          {done}
        </p>
      ) : null}
    </div>
  );
}
