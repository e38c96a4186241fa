'use client';

import { useRef, useState, type FormEvent } from 'react';

import { CheckboxField } from '@/components/form/inputs';
import { SubmitButton } from '@/components/form/submit-button';
import {
  addCard,
  CardFieldError,
  CardHolderFields,
  loadCardHolderChecks,
  normalizeCardEmail,
  normalizeCardName,
  normalizeCardNameInput,
  usePayjpCardElement,
  type CardView,
} from '@/features/payments';
import { ApiError } from '@/lib/api-client';
import { storedUserEmail } from '@/lib/browser-storage';
import { useStoredValue } from '@/lib/use-stored-value';

import styles from './accounts.module.css';

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
  const [cardName, setCardName] = useState('');
  const storedEmail = useStoredValue(storedUserEmail);
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const cardEmail = typedEmail ?? storedEmail ?? '';
  const [makeDefault, setMakeDefault] = useState(false);
  const [errors, setErrors] = useState<{ cardName?: string; cardEmail?: string }>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  // PAY.JP's card iframe, mounted once the key is known (one card element per page: destroyed on leaving).
  const mountRef = useRef<HTMLDivElement | null>(null);
  const field = usePayjpCardElement({ mountRef, payjpJsUrl, active: true, onMessage: setFailure });
  const publicKey = field.publicKey;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const holderName = normalizeCardName(cardName);
    setCardName(holderName);
    const { cardNameError, cardEmailError } = await loadCardHolderChecks();
    const found = { cardName: cardNameError(holderName) ?? undefined, cardEmail: cardEmailError(cardEmail) ?? undefined };
    setErrors(found);
    if (found.cardName || found.cardEmail) {
      document.getElementById(found.cardName ? 'cardName' : 'cardEmail')?.focus();
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      const token = await field.createToken({ name: holderName, email: normalizeCardEmail(cardEmail) });
      const { card } = await addCard(token.id, { makeDefault: !hasCards || makeDefault });
      await onAdded(card);
    } catch (error) {
      setFailure(
        error instanceof ApiError || error instanceof CardFieldError
          ? error.message
          : 'カードを登録できませんでした。時間をおいてお試しください。',
      );
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
          <CardHolderFields
            mountRef={mountRef}
            cardName={cardName}
            onCardNameInput={(input, composing) => setCardName(composing ? input.value : normalizeCardNameInput(input.value))}
            onCardNameLeave={(value) => setCardName(normalizeCardName(value))}
            cardEmail={cardEmail}
            onCardEmail={setTypedEmail}
            errors={errors}
          />
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
      <div className="saved-actions">
        <SubmitButton busy={busy} busyLabel="登録しています…" disabled={!publicKey}>
          このカードを登録する
        </SubmitButton>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          やめる
        </button>
      </div>
    </form>
  );
}
