'use client';

import Link from '@/components/link';
import { useState } from 'react';

import { cardsKey } from '@/features/payments';
import { ApiError } from '@/lib/api-client';
import { formatDateJa, formatYenTaxIncluded } from '@/lib/format';
import { useApi } from '@/lib/use-api';

import { apiSubscriptionKey, cancelApiPlan, changeApiPlan, subscribeToPlan, type ApiSubscriptionState } from '../client/api';

import styles from './api.module.css';

const n = (v: number) => v.toLocaleString('ja-JP');
const day = (iso: string | null) => (iso ? formatDateJa(new Date(iso)) : '');
const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : '処理できませんでした。時間をおいてもう一度お試しください。';

const STATUS_LABELS: Record<ApiSubscriptionState['subscription']['status'], string> = {
  none: 'フリープラン',
  pending: 'フリープラン',
  ended: 'フリープラン（有料プランは終了しました）',
  active: 'ご契約中',
  canceled: '解約予定（期間の終わりに終了）',
  paused: '更新の決済に失敗しました',
  lapsed: 'フリープラン（更新の決済ができず停止中。カードを選んで再開できます）',
};

/**
 * The paid plan on /my-page/api (issue 27 §2): the current plan, its status and next renewal, and
 * subscribe (a registered card; 3-D Secure at PAY.JP when the card has not passed it), change,
 * cancel at the period's end, undo, resume with a new card after a failed renewal. Terms: /developers/pricing.
 */
export function PlanSection({ notice }: { notice: string | null }) {
  const state = useApi(apiSubscriptionKey());
  const cards = useApi(cardsKey());
  const [planId, setPlanId] = useState('');
  const [cardId, setCardId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!state.data) return null;
  const { plans, subscription: s } = state.data;
  const paid = plans.filter((p) => p.priceYen > 0);
  const live = s.status === 'active' || s.status === 'canceled';
  const cardList = cards.data?.cards ?? [];
  const chosenCard = cardId || cardList.find((c) => c.isDefault)?.id || '';

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await action();
      if (answer && typeof answer === 'object' && 'redirectUrl' in answer && typeof answer.redirectUrl === 'string') {
        window.location.assign(answer.redirectUrl);
        return;
      }
      await state.mutate();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="api-plan-title">
      <h2 id="api-plan-title" className={styles.sectionTitle}>
        プラン
      </h2>
      {notice && (
        <p className={notice.startsWith('error:') ? 'error-box' : styles.month} role="status">
          {notice.replace(/^error:/, '')}
        </p>
      )}
      <p className={styles.month} data-testid="api-plan">
        <strong>{s.plan.name}</strong>（{n(s.plan.monthlyQuota)} リクエスト／月）・{STATUS_LABELS[s.status]}
      </p>
      {live && s.currentPeriodEnd && (
        <p className={styles.note}>
          {s.status === 'canceled' ? `${day(s.currentPeriodEnd)}に終了します。` : `次回更新日：${day(s.currentPeriodEnd)}`}
          {s.nextPlan && `（更新日から${s.nextPlan.name}に変更）`}
        </p>
      )}
      {s.status === 'paused' && s.graceUntil && (
        <p className="error-box" role="alert">
          {day(s.graceUntil)}まで現在のプランの上限でご利用いただけます。カードを選んで「再開する」を押すと、その時点で決済して再開します。
        </p>
      )}
      <p className={styles.note}>
        料金と契約条件（更新日、解約、プラン変更、返金）は<Link href="/developers/pricing">料金プラン</Link>をご覧ください。
      </p>

      <fieldset className={styles.section}>
        <legend className={styles.label}>プランを選ぶ</legend>
        {paid.map((p) => (
          <label key={p.id} className={styles.choice}>
            <input
              type="radio"
              name="api-plan"
              value={p.id}
              checked={(planId || (live ? s.plan.id : '')) === p.id}
              onChange={() => setPlanId(p.id)}
            />
            <span>
              {p.name}：{formatYenTaxIncluded(p.priceYen)}／月・{n(p.monthlyQuota)} リクエスト／月
            </span>
          </label>
        ))}
      </fieldset>

      {!live && (
        <div className={styles.section}>
          <label htmlFor="api-plan-card" className={styles.label}>
            お支払いに使うカード
          </label>
          {cardList.length === 0 ? (
            <p className={styles.note}>
              登録済みのカードがありません。<Link href="/my-page/cards">お支払い方法</Link>
              でカードを登録してから、もう一度お申し込みください。
            </p>
          ) : (
            <select id="api-plan-card" className="input" value={chosenCard} onChange={(e) => setCardId(e.target.value)}>
              {cardList.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.brand} •••• {c.last4}
                </option>
              ))}
            </select>
          )}
        </div>
      )}

      <div className={styles.row}>
        {!live && (
          <button
            type="button"
            className="button"
            disabled={busy || !planId || !chosenCard}
            onClick={() => void run(() => subscribeToPlan(planId, chosenCard))}
          >
            {s.status === 'paused' || s.status === 'lapsed' ? '再開する' : '申し込む（決済します）'}
          </button>
        )}
        {live && planId && planId !== s.plan.id && (
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => changeApiPlan(planId))}>
            プランを変更する
          </button>
        )}
        {live && (s.status === 'canceled' || s.nextPlan) && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void run(() => changeApiPlan(s.plan.id))}
          >
            {s.status === 'canceled' ? '解約を取り消す' : 'プラン変更の予約を取り消す'}
          </button>
        )}
        {s.status === 'active' && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => void run(() => cancelApiPlan())}>
            解約する（期間の終わりに終了）
          </button>
        )}
      </div>
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}

      {s.periods.length > 0 && (
        <table className={styles.table}>
          <caption className={styles.label}>お支払い済みの期間</caption>
          <thead>
            <tr>
              <th scope="col">期間</th>
              <th scope="col">プラン</th>
              <th scope="col">金額（税込）</th>
            </tr>
          </thead>
          <tbody>
            {s.periods.map((p) => (
              <tr key={p.id}>
                <td>
                  {day(p.periodStart)}〜{day(p.periodEnd)}
                </td>
                <td>{p.planName}</td>
                <td>
                  {formatYenTaxIncluded(p.amountYen)}（うち消費税 {n(p.taxYen)}円）{p.refundedYen > 0 && `・返金 ${n(p.refundedYen)}円`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
