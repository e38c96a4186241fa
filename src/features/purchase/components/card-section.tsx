'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

import {
  CardHolderFields,
  cardsKey,
  loadCardHolderChecks,
  normalizeCardEmail,
  normalizeCardName,
  normalizeCardNameInput,
  usePayjpCardElement,
  type CardHolderChecks,
  type CardView,
  type PayjpToken,
} from '@/features/payments';
import type { FieldMap } from '@/components/form/error-summary';
import { afterPointerRelease } from '@/components/form/after-pointer-release';
import { FieldError } from '@/components/form/field-error';
import { Legend } from '@/components/form/group';
import { storedUserEmail } from '@/lib/browser-storage';
import type { NewCard } from '@/lib/client-store';
import { useApi } from '@/lib/use-api';
import { useStoredValue } from '@/lib/use-stored-value';

import { Section } from './flow-parts';
import styles from './purchase.module.css';

/**
 * The card part of the purchase steps that take a card — the recipient step and お支払いの再開
 * (/purchase/resume): the member's cards kept at PAY.JP as radio cards, a new card in PAY.JP's
 * card field (カード情報非保持化) with the カード名義 and the 3-D Secure e-mail address, and what
 * went wrong with them. `useCardSection` holds the state and gives the page the chosen card;
 * `CardSection` shows it. What each page does with the card stays the page's: the recipient step
 * keeps it in this tab's purchase state (and may register it), the resume page sends it with the
 * retry and keeps nothing.
 */

/** registered: a card kept at PAY.JP; entered: the card entered earlier in this flow (its unused token); new: the card field. */
export type CardMode = 'registered' | 'entered' | 'new';

/** The section's fields by the order API's names, for a form's error summary (label, and the element its link focuses). */
export const CARD_FIELDS: FieldMap = {
  card: { label: 'お支払いに使うカード', id: 'card-section' },
  cardName: { label: 'カード名義', id: 'cardName' },
  cardEmail: { label: 'メールアドレス（本人認証用）', id: 'cardEmail' },
};

export type CardFieldErrors = Partial<Record<'card' | 'cardName' | 'cardEmail', string>>;

export const CHOOSE_CARD_MESSAGE = 'お支払いに使うカードを選択してください。';

/** The card to pay with, as the buyer chose it. */
export type CardChoice =
  | { kind: 'entered' }
  | { kind: 'registered'; card: CardView }
  /** A payjp.js token of the card field (single use), with the カード名義 it was made with. */
  | { kind: 'new'; token: PayjpToken; holderName: string };

/** The card entered earlier in this flow while its token is unspent (back from the confirmation). */
export function enteredCardOf(card: NewCard): NewCard | null {
  return card.isSelected && card.token ? card : null;
}

/** When PAY.JP's field is loaded: near the viewport, or on the buyer's first move on the page (decision 0038). */
const NEAR_THE_FIELD: IntersectionObserverInit = { rootMargin: '50% 0px' };
const BUYER_EVENTS = ['scroll', 'pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

export interface CardSectionOptions {
  payjpJsUrl: string;
  /** Whether the section is on the screen (the resume page shows it only for an open order); default true. */
  active?: boolean;
  /**
   * Whether a registered card may be chosen for the buyer when the list arrives (a card is always
   * selected in the list; this decides whether its radio is the one checked). Default: always.
   */
  preferRegistered?: () => boolean;
}

export type CardSectionState = ReturnType<typeof useCardSection>;

export interface CardSectionProps {
  unavailable: string;
  /** 削除 beside each registered card, which calls this (the recipient step: the member's cards are managed there). */
  onRemove?: (card: CardView) => void;
  entered?: ReactNode;
  newCardExtra?: ReactNode;
}

/** The card section's state: the public key, the member's cards, the choice, the holder's fields and their errors. */
export function useCardSection({ payjpJsUrl, active = true, preferRegistered }: CardSectionOptions) {
  const [mode, setMode] = useState<CardMode>('new');
  const [enteredCard, setEnteredCard] = useState<NewCard | null>(null);
  const [selectedCard, setSelectedCard] = useState('');
  const [cardName, setCardName] = useState('');
  // The account's address from browser storage (read once hydrated) until the buyer types another.
  const storedEmail = useStoredValue(storedUserEmail);
  const [typedEmail, setCardEmail] = useState<string | null>(null);
  const cardEmail = typedEmail ?? storedEmail ?? '';
  const [saveCard, setSaveCard] = useState(false);
  const [errors, setErrors] = useState<CardFieldErrors>({});
  const [cardError, setCardError] = useState('');
  const [near, setNear] = useState(false);
  // PAY.JP's card iframe while the new-card option is shown (and the buyer has come near it, below);
  // the public key read after hydration (payment may be switched off: '').
  const mountRef = useRef<HTMLDivElement | null>(null);
  const field = usePayjpCardElement({ mountRef, payjpJsUrl, active: near && mode === 'new' && active, onMessage: setCardError });
  const publicKey = field.publicKey;
  const cards = useApi(publicKey ? cardsKey() : null);

  // Prefer a registered card once the list arrives, unless the buyer already chose.
  useEffect(() => {
    const list = cards.data?.cards ?? [];
    if (list.length > 0 && !selectedCard) {
      // The list is the server's answer, known only after it arrives; choosing from it is the effect.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setSelectedCard((list.find((c) => c.isDefault) ?? list[0])!.id);
      if (preferRegistered?.() ?? true) setMode('registered');
    }
    if (cards.data && list.length === 0) setMode((m) => (m === 'registered' ? 'new' : m));
    // Asked when the list arrives; `preferRegistered` reads the tab's state at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cards.data, selectedCard]);

  // PAY.JP's script and its card iframe wait for the buyer: their first scroll, touch, key or focus
  // on the page, or the field coming within half a screen of the viewport (a tall screen, a
  // `#card-section` link). Loading, evaluating and framing pay.js (~28 KiB) at once ran on the main
  // thread while the page was becoming interactive, for a field that on a phone is below the
  // address form (issue 13 §1, docs/decisions/0038); any way of getting to the field starts it
  // long before it can be typed into.
  useEffect(() => {
    const target = mountRef.current;
    if (near || !publicKey || mode !== 'new' || !active || !target) return;
    if (typeof IntersectionObserver === 'undefined') {
      // (no observer, e.g. an old browser: load at once, as before)
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setNear(true);
      return;
    }
    const start = () => setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) start();
    }, NEAR_THE_FIELD);
    observer.observe(target);
    for (const type of BUYER_EVENTS) window.addEventListener(type, start, { passive: true, capture: true });
    return () => {
      observer.disconnect();
      for (const type of BUYER_EVENTS) window.removeEventListener(type, start, { capture: true });
    };
  }, [near, publicKey, mode, active]);

  const registered = cards.data?.cards ?? [];

  /**
   * Checks the choice and the holder's fields (the カード名義 is shown converted, as it will be
   * sent), shows their errors and returns them; empty when the card may be used. `checks` are the
   * holder's rules (`loadCardHolderChecks`, which the page awaits with its own on submit).
   */
  function validate({ cardNameError, cardEmailError }: CardHolderChecks): CardFieldErrors {
    const found: CardFieldErrors = {};
    if (mode === 'new' && publicKey) {
      const holderName = normalizeCardName(cardName);
      const nameError = cardNameError(holderName);
      if (nameError) found.cardName = nameError;
      const emailError = cardEmailError(cardEmail);
      if (emailError) found.cardEmail = emailError;
      setCardName(holderName);
    }
    if (mode === 'registered' && !registered.some((c) => c.id === selectedCard)) found.card = CHOOSE_CARD_MESSAGE;
    setErrors(found);
    return found;
  }

  /** The chosen card; a new card is turned into a token at PAY.JP. Throws an Error with the buyer's words. */
  async function choose(): Promise<CardChoice> {
    if (mode === 'entered') return { kind: 'entered' };
    if (mode === 'registered') {
      const card = registered.find((c) => c.id === selectedCard);
      if (!card) throw new Error('お支払いに使うカードを選び直してください。');
      return { kind: 'registered', card };
    }
    const holderName = normalizeCardName(cardName);
    const token = await field.createToken({ name: holderName, email: normalizeCardEmail(cardEmail) });
    return { kind: 'new', token, holderName };
  }

  /** Back to this step: the card chosen before stays chosen (the entered card's unspent token, or a registered card). */
  function restore(entered: NewCard | null, registeredId: string | null) {
    if (entered) {
      setEnteredCard(entered);
      setMode('entered');
    } else if (registeredId) {
      setMode('registered');
      setSelectedCard(registeredId);
    }
  }

  /** After a registered card was deleted: chosen no more, and the list read again. */
  async function forget(cardId: string) {
    if (selectedCard === cardId) setSelectedCard('');
    await cards.mutate();
  }

  /**
   * The カード名義 as typed, converted at once (ＴＡＲＯ　ｙａｍａｄａ → TARO YAMADA) except while an
   * IME is composing, which a changed value would break; the caret stays where it was.
   */
  function typeCardName(input: HTMLInputElement, composing: boolean) {
    const typed = input.value;
    const converted = composing ? typed : normalizeCardNameInput(typed);
    if (converted === typed) {
      setCardName(typed);
      return;
    }
    const caret = normalizeCardNameInput(typed.slice(0, input.selectionStart ?? typed.length)).length;
    flushSync(() => setCardName(converted));
    if (document.activeElement === input) input.setSelectionRange(caret, caret);
  }

  /** On leaving the カード名義: shown normalised; checked when left with something in it, or when it already showed an error. */
  function leaveCardName(value: string) {
    const name = normalizeCardName(value);
    setCardName(name);
    if (name !== '' || errors.cardName) {
      // held while the button that took the focus is still pressed (the error would move it)
      afterPointerRelease(
        () =>
          void loadCardHolderChecks().then(({ cardNameError }) =>
            setErrors((current) => ({ ...current, cardName: cardNameError(name) ?? '' })),
          ),
      );
    }
  }

  /** The section on the screen (see `CardSection`). */
  function render({ unavailable, onRemove, entered, newCardExtra }: CardSectionProps) {
    return (
      <Section title="お支払い方法（クレジットカード）" id="card-section">
        {publicKey === null ? <p className="muted">読み込み中…</p> : null}
        {publicKey === '' ? (
          <p className="notice-box" role="alert" data-testid="payment-unavailable">
            {unavailable}
          </p>
        ) : null}
        {publicKey ? (
          <>
            {registered.length > 0 || enteredCard ? (
              <fieldset className={styles.cardList}>
                <Legend>{enteredCard ? 'お支払いに使うカード' : '登録済みのカード'}</Legend>
                {enteredCard ? entered : null}
                {registered.map((c) => (
                  <div key={c.id} className={styles.cardRow}>
                    <label className={styles.radioCard} style={{ flex: 1 }}>
                      <input
                        type="radio"
                        name="card"
                        checked={mode === 'registered' && selectedCard === c.id}
                        onChange={() => {
                          setMode('registered');
                          setSelectedCard(c.id);
                        }}
                      />
                      <span>
                        <span className={styles.radioTitle}>
                          {c.brand}　**** {c.last4}
                        </span>
                        有効期限 {String(c.expDate.month).padStart(2, '0')}/{c.expDate.year}
                        {c.cardName ? `　${c.cardName}` : ''}
                      </span>
                    </label>
                    {onRemove ? (
                      <button type="button" className={styles.linkButton} onClick={() => onRemove(c)}>
                        削除
                      </button>
                    ) : null}
                  </div>
                ))}
                <label className={styles.radioCard}>
                  <input type="radio" name="card" checked={mode === 'new'} onChange={() => setMode('new')} />
                  <span className={styles.radioTitle}>{enteredCard ? '別のカードを入力する' : '新しいカードを使う'}</span>
                </label>
              </fieldset>
            ) : null}
            {errors.card ? <FieldError id="card-error">{errors.card}</FieldError> : null}
            {mode === 'new' ? (
              <div>
                <CardHolderFields
                  mountRef={mountRef}
                  cardName={cardName}
                  onCardNameInput={typeCardName}
                  onCardNameLeave={leaveCardName}
                  cardEmail={cardEmail}
                  onCardEmail={setCardEmail}
                  errors={errors}
                />
                {newCardExtra}
              </div>
            ) : null}
          </>
        ) : null}
        {cardError ? (
          <p className="error-box" role="alert" data-testid="card-error">
            {cardError}
          </p>
        ) : null}
      </Section>
    );
  }

  return {
    publicKey,
    mode,
    setMode,
    enteredCard,
    setCardName,
    saveCard,
    setSaveCard,
    errors,
    setCardError,
    validate,
    choose,
    restore,
    forget,
    render,
  };
}

/**
 * お支払い方法（クレジットカード）: what `useCardSection` holds, on the screen. `unavailable` is the
 * page's words while card payment is switched off; `onRemove` offers 削除 beside each registered
 * card. The recipient step's own parts come in as slots (the resume page does without them):
 * `entered`, the option of the card entered earlier in the flow (shown while `card.enteredCard` is
 * set), and `newCardExtra`, shown under the new card's fields (「このカードを登録して次回から使う」).
 */
export function CardSection({ card, ...props }: CardSectionProps & { card: CardSectionState }) {
  return card.render(props);
}
