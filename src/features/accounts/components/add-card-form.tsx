'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';

import { Field } from '@/components/form/field';
import { FieldGroup } from '@/components/form/group';
import { CheckboxField } from '@/components/form/inputs';
import {
  addCard,
  fetchPayjpPublicKey,
  loadCardHolderChecks,
  normalizeCardEmail,
  normalizeCardName,
  normalizeCardNameInput,
  payjpBuyerMessageText,
  loadPayjpJs,
  type CardView,
  type PayjpCardElement,
  type PayjpInstance,
} from '@/features/payments';
import { ApiError } from '@/lib/api-client';
import { storedUserEmail } from '@/lib/browser-storage';
import { THREE_D_SECURE } from '@/lib/payment-terms';
import { useStoredValue } from '@/lib/use-stored-value';

import styles from './accounts.module.css';

const FIELD_LOAD_FAILURE = 'カード情報の入力欄を読み込めませんでした。ページを再読み込みしてください。';
const UNAVAILABLE = '現在、クレジットカードの登録を停止しています。時間をおいてお試しください。';

/**
 * マイページ's 「カードを追加する」 (docs/decisions/0095): PAY.JP's card field (the same payjp.js and
 * emulator as checkout's card section, カード情報非保持化), the カード名義 and the 3-D Secure
 * e-mail address checked by the same rules (card-holder.ts), a payjp.js token, and the card API's
 * POST as checkout's 「このカードを登録して次回から使う」 sends it (PAY.JP's customer card create;
 * checkout registers without 3-D Secure, so does this). Loaded when the button is pressed, not with
 * the page. `makeDefault` is asked only when the member already has a card.
 */
export function AddCardForm({
  payjpJsUrl,
  hasCards,
  onAdded,
  onCancel,
}: {
  payjpJsUrl: string;
  hasCards: boolean;
  onAdded: (card: CardView) => void | Promise<void>;
  onCancel: () => void;
}) {
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const [cardName, setCardName] = useState('');
  const storedEmail = useStoredValue(storedUserEmail);
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const cardEmail = typedEmail ?? storedEmail ?? '';
  const [makeDefault, setMakeDefault] = useState(false);
  const [errors, setErrors] = useState<{ cardName?: string; cardEmail?: string }>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const mountRef = useRef<HTMLDivElement | null>(null);
  const payjpRef = useRef<PayjpInstance | null>(null);
  const elementRef = useRef<PayjpCardElement | null>(null);

  useEffect(() => {
    let cancelled = false;
    fetchPayjpPublicKey()
      .then((res) => (typeof res.result === 'string' ? res.result : ''))
      .catch(() => '')
      .then((key) => {
        if (!cancelled) setPublicKey(key);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // PAY.JP's card iframe, mounted once the key is known (one card element per page: destroyed on leaving).
  useEffect(() => {
    if (!publicKey || !mountRef.current) return;
    let cancelled = false;
    let element: PayjpCardElement | null = null;
    void loadPayjpJs()
      .then(({ getPayjp }) => getPayjp(payjpJsUrl, publicKey))
      .then((payjp) => {
        if (cancelled || !mountRef.current) return;
        payjpRef.current = payjp;
        element = payjp.elements().create('card');
        element.on('change', (e) => {
          if (!e.error) setFailure('');
          else if (!e.error.code) setFailure(e.error.message);
          else void payjpBuyerMessageText(e.error.code).then(setFailure);
        });
        element.mount(mountRef.current);
        elementRef.current = element;
      })
      .catch(() => setFailure(FIELD_LOAD_FAILURE));
    return () => {
      cancelled = true;
      element?.destroy();
      elementRef.current = null;
    };
  }, [publicKey, payjpJsUrl]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const holderName = normalizeCardName(cardName);
    setCardName(holderName);
    const { cardNameError, cardEmailError } = await loadCardHolderChecks();
    const found = { cardName: cardNameError(holderName) ?? undefined, cardEmail: cardEmailError(cardEmail) ?? undefined };
    setErrors(found);
    if (found.cardName || found.cardEmail) {
      document.getElementById(found.cardName ? 'newCardName' : 'newCardEmail')?.focus();
      return;
    }
    const payjp = payjpRef.current;
    const element = elementRef.current;
    if (!payjp || !element) {
      setFailure(FIELD_LOAD_FAILURE);
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      const result = await payjp.createToken(element, { card: { name: holderName, email: normalizeCardEmail(cardEmail) } });
      if ('error' in result) {
        setFailure(result.error.code ? await payjpBuyerMessageText(result.error.code) : result.error.message);
        return;
      }
      const { card } = await addCard(result.id, { makeDefault: !hasCards || makeDefault });
      await onAdded(card);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'カードを登録できませんでした。時間をおいてお試しください。');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.addCard} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="add-card-title">
      <h3 id="add-card-title" className={styles.sectionTitle}>
        カードを追加する
      </h3>
      {publicKey === null ? <p className={styles.note}>読み込み中…</p> : null}
      {publicKey === '' ? (
        <p className="notice-box" role="alert" data-testid="payment-unavailable">
          {UNAVAILABLE}
        </p>
      ) : null}
      {publicKey ? (
        <>
          <FieldGroup
            id="new-card-element"
            label="カード情報"
            required
            support="カード番号・有効期限・セキュリティコードは決済代行会社（PAY.JP）の入力欄に直接入力され、当社には送信されません。"
          >
            <div className={styles.cardFrame}>
              <div ref={mountRef} className={styles.cardElement} data-testid="card-element" />
            </div>
          </FieldGroup>
          <Field
            id="newCardName"
            label="カード名義（半角英字）"
            required
            support="例：TARO YAMADA（カードに記載のとおり。全角で入力しても半角の大文字に直します）"
            error={errors.cardName}
          >
            {(a) => (
              <input
                {...a}
                autoComplete="cc-name"
                autoCapitalize="characters"
                spellCheck={false}
                value={cardName}
                onChange={(e) => {
                  const typed = e.currentTarget.value;
                  setCardName((e.nativeEvent as InputEvent).isComposing ? typed : normalizeCardNameInput(typed));
                }}
                onBlur={(e) => setCardName(normalizeCardName(e.currentTarget.value))}
              />
            )}
          </Field>
          <Field
            id="newCardEmail"
            label="メールアドレス（本人認証用）"
            required
            support={`${THREE_D_SECURE}（本人認証）でカード会社に伝えるメールアドレスです。`}
            error={errors.cardEmail}
          >
            {(a) => <input {...a} type="email" autoComplete="email" value={cardEmail} onChange={(e) => setTypedEmail(e.target.value)} />}
          </Field>
          {hasCards ? (
            <CheckboxField id="newCardDefault" checked={makeDefault} onChecked={setMakeDefault} required={false}>
              このカードをいつも使うカードにする
            </CheckboxField>
          ) : null}
        </>
      ) : null}
      {failure ? (
        <p className="error-box" role="alert" data-testid="card-error">
          {failure}
        </p>
      ) : null}
      <div className={styles.savedActions}>
        <button type="submit" className="button" disabled={busy || !publicKey}>
          {busy ? '登録しています…' : 'このカードを登録する'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          やめる
        </button>
      </div>
    </form>
  );
}
