'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';

import { fetchPayjpPublicKey } from './cards';
import { loadPayjpBuyerMessageText, loadPayjpJs } from './loaders';
import type { PayjpCardElement, PayjpInstance, PayjpToken } from './payjp-js';

export const CARD_FIELD_LOAD_FAILURE = 'カード情報の入力欄を読み込めませんでした。ページを再読み込みしてください。';

/** What the card field or PAY.JP's token said, in the buyer's words (shown as it is). */
export class CardFieldError extends Error {}

/** The public key from GET /api/payjp/public-key; '' on failure, when card payment is switched off (spec §7, §8). */
async function fetchPublicKey(): Promise<string> {
  try {
    const res = await fetchPayjpPublicKey();
    return typeof res.result === 'string' ? res.result : '';
  } catch {
    return '';
  }
}

/**
 * PAY.JP's card field (カード情報非保持化) for every card form — the purchase steps' card section and
 * マイページ's 「カードを追加する」: `publicKey` is read after hydration (null until then, '' when card
 * payment is off), payjp.js and the buyer's words for PAY.JP's error codes are loaded
 * with the field, not with the page (docs/decisions/0038, 0097), and the iframe is mounted into the
 * form's `mountRef` while `active` (the field is on the screen) once the key is known. `onMessage` (a
 * state setter) gets the field's words: '' when it is fine again. payjp.js allows one card element per
 * page, so it is destroyed, not unmounted, when the field goes.
 */
export function usePayjpCardElement({
  mountRef,
  payjpJsUrl,
  active,
  onMessage,
}: {
  mountRef: RefObject<HTMLDivElement | null>;
  payjpJsUrl: string;
  active: boolean;
  onMessage: (message: string) => void;
}) {
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const payjpRef = useRef<PayjpInstance | null>(null);
  const elementRef = useRef<PayjpCardElement | null>(null);
  const wordsRef = useRef<((code: string) => Promise<string>) | null>(null);

  useEffect(() => {
    void fetchPublicKey().then(setPublicKey);
  }, []);

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

  return { publicKey, createToken };
}
