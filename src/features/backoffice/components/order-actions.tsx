'use client';

import { useState, type FormEvent, type ReactNode } from 'react';

// The zod-free face, not index.ts (whose schemas would load zod with the page).
import {
  CARRIERS,
  CARRIER_IDS,
  DESTINATION_TEXT_FIELDS,
  FULFILMENT_LABELS,
  TRACKING_URL_MAX,
  checkTrackingNumber,
  isCarrier,
  trackingFieldLabel,
  trackingUrl,
  type Carrier,
  type FulfilmentStatus,
} from '@/features/orders';

import { ApiError } from '@/lib/api-client';
import {
  addOrderNote,
  advanceFulfilment,
  correctDestination,
  correctTracking,
  requestRefund,
  resendReceiptMail,
  resendShippedMail,
} from '../client/api';

import styles from './admin.module.css';
import { Field } from './field';
import { Status, SubmitRow, useAdminSubmit as useSubmit } from './form-kit';

/**
 * The order page's actions: the next fulfilment step (法務局へ請求済み with the application
 * number, 発送済み with the carrier and tracking number, 完了), a note, and resending the shipped
 * mail. Each form sends the state the page showed (`expectedFrom`): if someone else moved the
 * order meanwhile, the server answers 409 and the message asks to reload.
 */

const str = (data: FormData, key: string) => String(data.get(key) ?? '');

type Step = 'requested' | 'shipped' | 'completed';
const NEXT: Partial<Record<FulfilmentStatus, Step>> = { accepted: 'requested', requested: 'shipped', shipped: 'completed' };
const BUTTON: Record<Step, string> = {
  requested: '法務局へ請求済みにする',
  shipped: '発送済みにする（会員にメールを送ります）',
  completed: '完了にする',
};

/** The shipment as staff entered it, checked by the carrier's rule and waiting for 「送信する」. */
interface PendingShipment {
  carrier: Carrier;
  trackingNumber: string;
  note: string;
}

/**
 * The carrier and its tracking field: the field's label, hint and keyboard follow the carrier
 * (digits, or the tracking page's address for その他).
 */
function ShipmentFields({
  idPrefix,
  carrier,
  onCarrier,
  errors,
  defaultNumber,
}: {
  idPrefix: string;
  carrier: Carrier;
  onCarrier: (c: Carrier) => void;
  errors: Record<string, string>;
  defaultNumber?: string;
}) {
  const { label, hint } = trackingFieldLabel(carrier);
  const other = carrier === 'other';
  return (
    <div className={styles.row}>
      <Field id={`${idPrefix}carrier`} label="配送業者" error={errors.carrier}>
        <select
          id={`${idPrefix}carrier`}
          name="carrier"
          className={styles.select}
          value={carrier}
          onChange={(e) => {
            if (isCarrier(e.target.value)) onCarrier(e.target.value);
          }}
        >
          {CARRIER_IDS.map((c) => (
            <option key={c} value={c}>
              {CARRIERS[c].label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${idPrefix}trackingNumber`} label={label} hint={hint} error={errors.trackingNumber}>
        <input
          id={`${idPrefix}trackingNumber`}
          name="trackingNumber"
          className={styles.input}
          maxLength={other ? TRACKING_URL_MAX : 40}
          inputMode={other ? 'url' : 'numeric'}
          type={other ? 'url' : 'text'}
          defaultValue={defaultNumber}
          autoComplete="off"
          required
        />
      </Field>
    </div>
  );
}

/**
 * The confirmation before the member's mail goes (issue 24 §3): the carrier, the number as it will
 * be stored and the tracking page it links, to open and compare with the slip.
 */
function ShipmentConfirmation({
  shipment,
  corrected,
  busy,
  onSend,
  onBack,
}: {
  shipment: PendingShipment;
  corrected: boolean;
  busy: boolean;
  onSend: () => void;
  onBack: () => void;
}) {
  const url = trackingUrl(shipment.carrier, shipment.trackingNumber);
  return (
    <div className={styles.confirmBox} role="group" aria-labelledby="shipment-confirm-title" data-testid="shipment-confirm">
      <p id="shipment-confirm-title" className={styles.label}>
        {corrected
          ? 'この追跡番号に訂正し、会員に訂正のお知らせメールを送ります。よろしいですか？'
          : 'この内容で発送済みにし、会員に発送のお知らせメールを送ります。よろしいですか？'}
      </p>
      <dl className={styles.dl}>
        <dt>配送業者</dt>
        <dd>{CARRIERS[shipment.carrier].label}</dd>
        <dt>{shipment.carrier === 'other' ? '追跡ページ' : '追跡番号'}</dt>
        <dd className={`${styles.mono} ${styles.breakAnywhere}`}>{shipment.trackingNumber}</dd>
      </dl>
      {url ? (
        <p>
          <a href={url} target="_blank" rel="noopener noreferrer">
            追跡ページを開いて確かめる（新しいタブ）
          </a>
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.button} disabled={busy} onClick={onSend}>
          {corrected ? '訂正してメールを送る' : 'メールを送って発送済みにする'}
        </button>
        <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} disabled={busy} onClick={onBack}>
          入力に戻る
        </button>
      </div>
    </div>
  );
}

/** The carrier's rule on the typed number: the pending shipment, or the field's message. */
function readShipment(data: FormData): { shipment: PendingShipment } | { errors: Record<string, string> } {
  const carrier = str(data, 'carrier');
  if (!isCarrier(carrier)) return { errors: { carrier: '配送業者を選択してください。' } };
  const checked = checkTrackingNumber(carrier, str(data, 'trackingNumber'));
  if (!checked.ok) return { errors: { trackingNumber: checked.message } };
  return { shipment: { carrier, trackingNumber: checked.value, note: str(data, 'note') } };
}

export function FulfilmentForm({ orderId, status }: { orderId: string; status: FulfilmentStatus }) {
  const { busy, error, fields, done, run } = useSubmit();
  const [carrier, setCarrier] = useState<Carrier>('japanpost');
  const [pending, setPending] = useState<PendingShipment | null>(null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const to = NEXT[status];
  if (!to) {
    // The last step just taken keeps its result on screen: the page's refresh replaces the form
    // with this text at once, and the staff member must still see that it worked.
    return (
      <div className={styles.form} role="group" aria-label="対応状況の変更">
        <Status error={error} done={done} />
        <p className="muted">「{FULFILMENT_LABELS[status]}」の注文に次の対応はありません。</p>
      </div>
    );
  }
  const step = to;
  function send(body: Record<string, string>) {
    void run(async () => {
      const res = await advanceFulfilment(orderId, body);
      setPending(null);
      if (res.mailSent === false) {
        throw new ApiError(
          200,
          'mail_failed',
          '発送済みにしましたが、会員へのメールを送信できませんでした。画面を再読み込みして「発送メールを再送する」を押してください。',
        );
      }
      return `「${FULFILMENT_LABELS[step]}」にしました。${res.mailSent ? '会員に発送のお知らせメールを送信しました。' : ''}`;
    });
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (step === 'shipped') {
      // checked here by the same rule as the server, then confirmed before the mail goes
      const read = readShipment(data);
      if ('errors' in read) {
        setLocalErrors(read.errors);
        return;
      }
      setLocalErrors({});
      setPending(read.shipment);
      return;
    }
    const body: Record<string, string> = { to: step, expectedFrom: status, note: str(data, 'note') };
    if (step === 'requested') body.applicationNumber = str(data, 'applicationNumber');
    send(body);
  }
  const errors = { ...fields, ...localErrors };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="対応状況の変更">
      <Status error={error} done={done} />
      <div hidden={pending !== null} className={styles.form}>
        {step === 'requested' ? (
          <Field id="applicationNumber" label="申請番号（登記・供託オンライン申請システム）" error={errors.applicationNumber}>
            <input id="applicationNumber" name="applicationNumber" className={styles.input} maxLength={40} autoComplete="off" required />
          </Field>
        ) : null}
        {step === 'shipped' ? <ShipmentFields idPrefix="" carrier={carrier} onCarrier={setCarrier} errors={errors} /> : null}
        <Field id="stepNote" label="メモ（任意・タイムラインに残ります）" error={errors.note}>
          <input id="stepNote" name="note" className={styles.input} maxLength={1000} autoComplete="off" />
        </Field>
        <SubmitRow busy={busy}>{BUTTON[step]}</SubmitRow>
      </div>
      {pending ? (
        <ShipmentConfirmation
          shipment={pending}
          corrected={false}
          busy={busy}
          onBack={() => setPending(null)}
          onSend={() =>
            send({
              to: 'shipped',
              expectedFrom: status,
              carrier: pending.carrier,
              trackingNumber: pending.trackingNumber,
              note: pending.note,
            })
          }
        />
      ) : null}
    </form>
  );
}

/**
 * 「追跡番号を訂正する」 on a shipped order (issue 24 §3): the same fields and confirmation as the
 * shipping step; the member gets a 【訂正】 mail, the audit log keeps both numbers.
 */
export function TrackingCorrectionForm({
  orderId,
  carrier: currentCarrier,
  trackingNumber: currentNumber,
}: {
  orderId: string;
  carrier: string | null;
  trackingNumber: string;
}) {
  const { busy, error, fields, done, run } = useSubmit();
  const [carrier, setCarrier] = useState<Carrier>(isCarrier(currentCarrier) ? currentCarrier : 'japanpost');
  const [pending, setPending] = useState<PendingShipment | null>(null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readShipment(new FormData(event.currentTarget));
    if ('errors' in read) {
      setLocalErrors(read.errors);
      return;
    }
    if (read.shipment.carrier === currentCarrier && read.shipment.trackingNumber === currentNumber) {
      setLocalErrors({ trackingNumber: '今の追跡番号と同じです。正しい番号を入力してください。' });
      return;
    }
    setLocalErrors({});
    setPending(read.shipment);
  }
  const errors = { ...fields, ...localErrors };
  return (
    <details className={styles.disclosure}>
      <summary>追跡番号を訂正する</summary>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="追跡番号の訂正">
        <Status error={error} done={done} />
        <div hidden={pending !== null} className={styles.form}>
          <ShipmentFields idPrefix="fix-" carrier={carrier} onCarrier={setCarrier} errors={errors} />
          <SubmitRow busy={busy} look="secondary">
            訂正の内容を確認する
          </SubmitRow>
        </div>
        {pending ? (
          <ShipmentConfirmation
            shipment={pending}
            corrected
            busy={busy}
            onBack={() => setPending(null)}
            onSend={() =>
              void run(async () => {
                const res = await correctTracking(orderId, {
                  carrier: pending.carrier,
                  trackingNumber: pending.trackingNumber,
                  expectedTrackingNumber: currentNumber,
                });
                setPending(null);
                if (!res.mailSent) {
                  throw new ApiError(
                    200,
                    'mail_failed',
                    '追跡番号を訂正しましたが、会員へのメールを送信できませんでした。画面を再読み込みして「発送メールを再送する」を押してください。',
                  );
                }
                return '追跡番号を訂正し、会員に訂正のお知らせメールを送信しました。';
              })
            }
          />
        ) : null}
      </form>
    </details>
  );
}

type DestinationKey =
  'recipient' | 'destinationZipCode' | 'destinationPrefecture' | 'destinationCity' | 'destinationStreet' | 'destinationApartmentEtc';
const DESTINATION_TEXT_KEYS = ['recipient', 'destinationCity', 'destinationStreet', 'destinationApartmentEtc'] as const;

/**
 * 「お届け先を訂正する」 before the order ships (issue 24 §3): the member's order form's fields, checked
 * on the server by the same rules (the messages come back per field). 領収書の宛名 is not part of it.
 */
export function DestinationCorrectionForm({
  orderId,
  current,
  prefectureOptions,
}: {
  orderId: string;
  current: Record<DestinationKey, string>;
  /** the 都道府県 <option>s, rendered on the server */
  prefectureOptions: ReactNode;
}) {
  const { busy, error, fields, done, run } = useSubmit();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: Record<string, string> = {};
    for (const k of [...DESTINATION_TEXT_KEYS, 'destinationZipCode', 'destinationPrefecture'] as const) body[k] = str(data, k);
    void run(async () => {
      await correctDestination(orderId, body);
      return 'お届け先を訂正しました。';
    });
  }
  const textField = (k: (typeof DESTINATION_TEXT_KEYS)[number]) => {
    const { label, maxLength, required } = DESTINATION_TEXT_FIELDS[k];
    return (
      <Field id={`dest-${k}`} label={required ? label : `${label}（任意）`} error={fields[k]}>
        <input
          id={`dest-${k}`}
          name={k}
          className={styles.input}
          maxLength={maxLength}
          defaultValue={current[k]}
          autoComplete="off"
          required={required}
        />
      </Field>
    );
  };
  return (
    <details className={styles.disclosure}>
      <summary>お届け先を訂正する</summary>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="お届け先の訂正">
        <Status error={error} done={done} />
        {textField('recipient')}
        <div className={styles.row}>
          <Field id="dest-destinationZipCode" label="郵便番号" hint="7桁（ハイフンなしでも可）" error={fields.destinationZipCode}>
            <input
              id="dest-destinationZipCode"
              name="destinationZipCode"
              className={styles.input}
              inputMode="numeric"
              maxLength={10}
              defaultValue={current.destinationZipCode}
              autoComplete="off"
              required
            />
          </Field>
          <Field id="dest-destinationPrefecture" label="都道府県" error={fields.destinationPrefecture}>
            <select
              id="dest-destinationPrefecture"
              name="destinationPrefecture"
              className={styles.select}
              defaultValue={current.destinationPrefecture}
              required
            >
              {prefectureOptions}
            </select>
          </Field>
        </div>
        {textField('destinationCity')}
        {textField('destinationStreet')}
        {textField('destinationApartmentEtc')}
        <SubmitRow busy={busy} look="secondary">
          お届け先を訂正する
        </SubmitRow>
      </form>
    </details>
  );
}

export function OrderNoteForm({ orderId }: { orderId: string }) {
  const { busy, error, fields, done, run } = useSubmit();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void run(async () => {
      await addOrderNote(orderId, str(data, 'note'));
      form.reset();
      return 'メモを追加しました。';
    });
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="メモの追加">
      <Status error={error} done={done} />
      <Field id="note" label="メモ" error={fields.note}>
        <textarea id="note" name="note" className={styles.textarea} maxLength={1000} rows={3} required />
      </Field>
      <SubmitRow busy={busy} look="secondary">
        メモを追加する
      </SubmitRow>
    </form>
  );
}

/** A button that sends one of the order's mails again, and says whether the mail went. */
function ResendMailButton({
  label,
  secondary = false,
  send,
  sent,
}: {
  label: string;
  secondary?: boolean;
  send: () => Promise<{ mailSent: boolean }>;
  sent: string;
}) {
  const { busy, error, done, run } = useSubmit();
  return (
    <div>
      <Status error={error} done={done} />
      <button
        type="button"
        className={secondary ? `${styles.button} ${styles.buttonSecondary}` : styles.button}
        disabled={busy}
        onClick={() =>
          void run(async () => {
            const res = await send();
            if (!res.mailSent)
              throw new ApiError(200, 'mail_failed', 'メールを送信できませんでした。しばらくしてからもう一度お試しください。');
            return sent;
          })
        }
      >
        {label}
      </button>
    </div>
  );
}

export function ResendShippedMailButton({ orderId }: { orderId: string }) {
  return (
    <ResendMailButton label="発送メールを再送する" send={() => resendShippedMail(orderId)} sent="発送のお知らせメールを送信しました。" />
  );
}

/**
 * 「領収書メールを再送する」 on a paid order: the member's order confirmation with the receipt link,
 * as they got it after paying (5 an hour per order).
 */
export function ResendReceiptMailButton({ orderId }: { orderId: string }) {
  return (
    <ResendMailButton
      label="領収書メールを再送する"
      secondary
      send={() => resendReceiptMail(orderId)}
      sent="領収書のリンクを載せたご注文確認メールを会員に再送しました。"
    />
  );
}

/**
 * A manager's refund through PAY.JP (decision 0018): the amount, the reason and — only when the
 * bureau's fee was not spent — the Ministry part. A confirmation names the amount before anything
 * is sent. The answer says what happened: 完了, 失敗 (nothing was refunded) or 確認中 (PAY.JP's
 * answer was lost: the reconciler settles it within minutes; never press again meanwhile).
 */
export function RefundForm({ orderId, refundableYen, nonTaxableYen }: { orderId: string; refundableYen: number; nonTaxableYen: number }) {
  const { busy, error, fields, done, run } = useSubmit();
  // One key per refund shown in this form (0058): the same submission sent twice refunds once; a
  // new key once PAY.JP has answered (a refund was recorded), so the next refund is a new one.
  const [refundKey, setRefundKey] = useState(() => crypto.randomUUID());
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = str(data, 'amountYen')
      .normalize('NFKC')
      .replace(/[,円\s]/g, '');
    const shown = /^\d+$/.test(amount) ? `${Number(amount).toLocaleString('ja-JP')}円` : amount;
    if (!window.confirm(`${shown}を PAY.JP で返金します。取り消しはできません。よろしいですか？`)) return;
    void run(async () => {
      const body: Record<string, string> = { amountYen: amount, reason: str(data, 'reason'), idempotencyKey: str(data, 'idempotencyKey') };
      const ministry = str(data, 'ministryFeeYen');
      if (ministry.trim()) body.ministryFeeYen = ministry;
      const res = await requestRefund(orderId, body);
      setRefundKey(crypto.randomUUID());
      const yen = `${res.refund.amountYen.toLocaleString('ja-JP')}円`;
      if (res.refund.status === 'failed') {
        throw new ApiError(200, 'refund_failed', `PAY.JP が返金を受け付けませんでした（${yen}は返金されていません）。`);
      }
      // a refund was made (or may have been): the filled form must not invite the same refund a second time
      form.reset();
      if (res.refund.status === 'succeeded') return `${yen}を返金しました。会員に返金のお知らせメールを送信します。`;
      return `PAY.JP から結果が届きませんでした。${yen}の返金は「確認中」です。数分以内に自動で確認されます。もう一度返金しないでください。`;
    });
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="返金">
      <Status error={error} done={done} />
      <input type="hidden" name="idempotencyKey" value={refundKey} />
      <p className="muted">返金できる残額：{refundableYen.toLocaleString('ja-JP')}円</p>
      <Field id="amountYen" label="返金額（円）" error={fields.amountYen}>
        <input id="amountYen" name="amountYen" className={styles.input} inputMode="numeric" autoComplete="off" required />
      </Field>
      <Field id="reason" label="返金理由（会員へのメールと返金明細書に記載されます）" error={fields.reason}>
        <input id="reason" name="reason" className={styles.input} maxLength={255} autoComplete="off" required />
      </Field>
      {nonTaxableYen > 0 ? (
        <Field
          id="ministryFeeYen"
          label="うち法務局手数料（任意：法務局へ請求していない・発行されなかった場合のみ）"
          error={fields.ministryFeeYen}
        >
          <input id="ministryFeeYen" name="ministryFeeYen" className={styles.input} inputMode="numeric" autoComplete="off" />
        </Field>
      ) : null}
      <SubmitRow busy={busy} disabled={refundableYen <= 0} look="danger">
        返金する
      </SubmitRow>
    </form>
  );
}
