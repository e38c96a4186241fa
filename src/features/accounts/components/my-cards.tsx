'use client';

import { lazy, Suspense, useState } from 'react';

import Link from '@/components/link';
import { cardsKey, deleteCard, setDefaultCard, type CardView } from '@/features/payments';
import { ApiError } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

import { ActionMessage, type ActionMessageValue } from '@/components/action-message';
import { ApiFailure } from '@/components/api-pending';
import styles from './accounts.module.css';

/** The add form and PAY.JP's loader come when 「カードを追加する」 is pressed, not with the page. */
const AddCardForm = lazy(() => import('./add-card-form').then((m) => ({ default: m.AddCardForm })));

/**
 * /my-page/cards (issue 24 §4): the member's cards kept at PAY.JP — listed, added (PAY.JP's card
 * field, `AddCardForm`, docs/decisions/0095), deleted, one made the default (the card checkout
 * chooses first) — outside checkout too.
 */
export function MyCards({ payjpJsUrl }: { payjpJsUrl: string }) {
  const cards = useApi(cardsKey());
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<ActionMessageValue>(null);
  const [adding, setAdding] = useState(false);

  async function added(card: CardView) {
    await cards.mutate();
    setAdding(false);
    setMessage({ kind: 'ok', text: `${card.brand}（末尾 ${card.last4}）を登録しました。` });
  }

  async function act(card: CardView, what: 'default' | 'delete') {
    const label = `${card.brand}（末尾 ${card.last4}）`;
    if (what === 'delete' && !window.confirm(`${label}の登録を削除しますか？`)) return;
    setBusy(card.id);
    setMessage(null);
    try {
      if (what === 'delete') {
        await deleteCard(card.id);
        await cards.mutate();
        setMessage({ kind: 'ok', text: `${label}の登録を削除しました。` });
      } else {
        await cards.mutate(await setDefaultCard(card.id), { revalidate: false });
        setMessage({ kind: 'ok', text: `${label}をいつも使うカードにしました。` });
      }
    } catch (error) {
      setMessage({
        kind: 'error',
        text: error instanceof ApiError ? error.message : 'カードを変更できませんでした。時間をおいてお試しください。',
      });
      await cards.mutate();
    } finally {
      setBusy(null);
    }
  }

  const list = cards.data?.cards ?? [];
  return (
    <section className={`surface ${styles.card}`} aria-labelledby="cards-title">
      <h2 id="cards-title" className={styles.sectionTitle}>
        登録済みのクレジットカード
      </h2>
      <p className={styles.lead}>
        カード情報は決済代行会社（PAY.JP）が保管しており、当社はカード番号を保持していません。証明書のご注文時にお支払い方法の画面で「このカードを登録して次回から使う」を選んでも登録できます。
      </p>
      <ActionMessage message={message} okClassName={styles.success} />
      {!cards.data ? <ApiFailure error={cards.error} failure="カードを読み込めませんでした。ページを再読み込みしてください。" /> : null}
      {!cards.data && !cards.error ? <p className={styles.note}>読み込み中…</p> : null}
      {cards.data && list.length === 0 ? (
        <p data-testid="no-cards">
          登録済みのカードはありません。
          {adding ? null : <Link href="/search">証明書を申請する</Link>}
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="saved-list" data-testid="my-cards">
          {list.map((c) => (
            <li key={c.id} className="saved-item">
              <div>
                <strong>
                  {c.brand}　**** {c.last4}
                </strong>
                {c.isDefault ? <span className={`pill ${styles.badge}`}>いつも使うカード</span> : null}
                <br />
                <span className={styles.note}>
                  有効期限 {String(c.expDate.month).padStart(2, '0')}/{c.expDate.year}
                  {c.cardName ? `　${c.cardName}` : ''}
                </span>
              </div>
              <div className="saved-actions">
                {c.isDefault ? null : (
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={busy !== null}
                    onClick={() => void act(c, 'default')}
                    aria-label={`${c.brand} 末尾 ${c.last4} をいつも使うカードにする`}
                  >
                    いつも使うカードにする
                  </button>
                )}
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy !== null}
                  onClick={() => void act(c, 'delete')}
                  aria-label={`${c.brand} 末尾 ${c.last4} を削除`}
                >
                  削除
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <Suspense fallback={<p className={styles.note}>読み込み中…</p>}>
          <AddCardForm payjpJsUrl={payjpJsUrl} hasCards={list.length > 0} onAdded={added} onCancel={() => setAdding(false)} />
        </Suspense>
      ) : cards.data ? (
        <button
          type="button"
          className={`button button-secondary ${styles.addCardButton}`}
          onClick={() => {
            setMessage(null);
            setAdding(true);
          }}
        >
          カードを追加する
        </button>
      ) : null}
    </section>
  );
}
