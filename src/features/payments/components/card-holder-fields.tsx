'use client';

import type { RefObject } from 'react';

import { Field } from '@/components/form/field';
import { FieldGroup } from '@/components/form/group';
import { THREE_D_SECURE } from '@/lib/payment-terms';

/**
 * A new card's fields in every card form (the purchase steps' card section, マイページ's
 * 「カードを追加する」): PAY.JP's card field mounted into `mountRef` (usePayjpCardElement), the カード名義
 * and the 3-D Secure e-mail address, as `card-element`, `cardName` and `cardEmail` (the order API's
 * names, which a form's error summary links to; one card form per page).
 *
 * The form converts the カード名義 as it is typed (`onCardNameInput`: the field, and whether an IME is
 * composing — `normalizeCardNameInput` except then) and when it is left (`onCardNameLeave`: the form
 * normalises it, and may check it). Kept with the form, not here: checkout keeps the caret with
 * react-dom's flushSync, and importing react-dom from this module re-split the chunks every page
 * shares (docs/decisions/0105).
 */
export function CardHolderFields({
  mountRef,
  cardName,
  onCardNameInput,
  onCardNameLeave,
  cardEmail,
  onCardEmail,
  errors,
}: {
  mountRef: RefObject<HTMLDivElement | null>;
  cardName: string;
  onCardNameInput: (input: HTMLInputElement, composing: boolean) => void;
  onCardNameLeave: (value: string) => void;
  cardEmail: string;
  onCardEmail: (email: string) => void;
  errors: { cardName?: string | undefined; cardEmail?: string | undefined };
}) {
  return (
    <>
      <FieldGroup
        id="card-element"
        label="カード情報"
        required
        support="カード番号・有効期限・セキュリティコードは決済代行会社（PAY.JP）の入力欄に直接入力され、当社には送信されません。"
      >
        <div className="card-frame">
          <div ref={mountRef} className="card-element" data-testid="card-element" />
        </div>
      </FieldGroup>
      <Field
        id="cardName"
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
            onChange={(e) => onCardNameInput(e.currentTarget, (e.nativeEvent as InputEvent).isComposing === true)}
            onCompositionEnd={(e) => onCardNameInput(e.currentTarget, false)}
            onBlur={(e) => onCardNameLeave(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field
        id="cardEmail"
        label="メールアドレス（本人認証用）"
        required
        support={`${THREE_D_SECURE}（本人認証）でカード会社に伝えるメールアドレスです。`}
        error={errors.cardEmail}
      >
        {(a) => <input {...a} type="email" autoComplete="email" value={cardEmail} onChange={(e) => onCardEmail(e.target.value)} />}
      </Field>
    </>
  );
}
