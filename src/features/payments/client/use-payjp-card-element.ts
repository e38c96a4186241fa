'use client';

import { useEffect, useRef, type RefObject } from 'react';

import { loadPayjpBuyerMessageText, loadPayjpJs } from './loaders';
import type { PayjpCardElement, PayjpInstance, PayjpToken } from './payjp-js';

export const CARD_FIELD_LOAD_FAILURE = 'カード情報の入力欄を読み込めませんでした。ページを再読み込みしてください。';

/** What the card field or PAY.JP's token said, in the buyer's words (shown as it is). */
export class CardFieldError extends Error {}

/**
 * PAY.JP's card field (カード情報非保持化) for every card form — the purchase steps' card section and
 * マイページ's 「カードを追加する」: payjp.js and the buyer's words for PAY.JP's error codes are loaded
 * with the field, not with the page (docs/decisions/0038, 0097), and the iframe is mounted into the
 * form's `mountRef` while `active` (a public key is known and the field is on the screen). `onMessage` (a
 * state setter) gets the field's words: '' when it is fine again. payjp.js allows one card element per
 * page, so it is destroyed, not unmounted, when the field goes.
 */
export function usePayjpCardElement({
  mountRef,
  payjpJsUrl,
  publicKey,
  active,
  onMessage,
}: {
  mountRef: RefObject<HTMLDivElement | null>;
  payjpJsUrl: string;
  publicKey: string | null;
  active: boolean;
  onMessage: (message: string) => void;
}) {
  const payjpRef = useRef<PayjpInstance | null>(null);
  const elementRef = useRef<PayjpCardElement | null>(null);
  const wordsRef = useRef<((code: string) => Promise<string>) | null>(null);

  useEffect(() => {
    if (!active || !publicKey || !mountRef.current) return;
    let cancelled = false;
    let element: PayjpCardElement | null = null;
    const words = loadPayjpBuyerMessageText();
    void loadPayjpJs()
      .then(({ getPayjp }) => Promise.all([getPayjp(payjpJsUrl, publicKey), words]))
      .then(([payjp, buyerMessageText]) => {
        if (cancelled || !mountRef.current) return;
        payjpRef.current = payjp;
        wordsRef.current = buyerMessageText;
        element = payjp.elements().create('card');
        element.on('change', (e) => {
          if (!e.error) onMessage('');
          else if (!e.error.code) onMessage(e.error.message);
          else void buyerMessageText(e.error.code).then(onMessage);
        });
        element.mount(mountRef.current);
        elementRef.current = element;
      })
      .catch(() => onMessage(CARD_FIELD_LOAD_FAILURE));
    return () => {
      cancelled = true;
      element?.destroy();
      elementRef.current = null;
    };
  }, [mountRef, active, publicKey, payjpJsUrl, onMessage]);

  /** A payjp.js token of the card in the field (single use). Throws a CardFieldError with the buyer's words. */
  async function createToken(card: { name: string; email: string }): Promise<PayjpToken> {
    const payjp = payjpRef.current;
    const element = elementRef.current;
    const buyerMessageText = wordsRef.current;
    if (!payjp || !element || !buyerMessageText) throw new CardFieldError(CARD_FIELD_LOAD_FAILURE);
    const result = await payjp.createToken(element, { card });
    if ('error' in result) throw new CardFieldError(result.error.code ? await buyerMessageText(result.error.code) : result.error.message);
    return result;
  }

  return { createToken };
}
