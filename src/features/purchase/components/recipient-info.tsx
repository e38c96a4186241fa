'use client';

import Link from '@/components/link';
import { useRouter } from 'next/navigation';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { flushSync } from 'react-dom';

import { ZIPCODE_INPUT_MAX_LENGTH, formatZipcode, isZipcode, normalizeZipcode } from '@/features/address';
import { RECEIPT_ADDRESSEE_MAX_LENGTH } from '@/features/orders';
import type { FieldMap } from '@/components/form/error-summary';
import { useSummaryOnDemand } from '@/components/form/summary-on-demand';
import { afterPointerRelease } from '@/components/form/after-pointer-release';
import { Field } from '@/components/form/field';
import { LoadingOverlay } from '@/components/loading-overlay';
import { loadCardHolderChecks } from '@/features/payments';
import { ApiError } from '@/lib/api-client';
import { INITIAL_STATE, getClientState, setPiece, type Destination, type NewCard } from '@/lib/client-store';

import { PurchasePage, Section, restartPath } from './flow-parts';
import { MissingStateNotice, takeMissingStateFlag } from './missing-state';
import { lookupZipcode, type AddressCandidate } from '../client/api';

import { CARD_FIELDS, CardSection, enteredCardOf, useCardSection, type CardFieldErrors, type CardSectionState } from './card-section';
import { purchaseSchemas } from './lazy-schemas';
import type { RecipientNotes } from './recipient-notes';
import styles from './purchase.module.css';

/** The form's fields by the order API's names, for the error summary (label, and the element its link focuses). */
const FIELDS: FieldMap = {
  recipient: { label: '宛名', id: 'recipient' },
  destinationZipCode: { label: '郵便番号', id: 'destinationZipCode' },
  destinationPrefecture: { label: '都道府県', id: 'destinationPrefecture' },
  destinationCity: { label: '市区町村', id: 'destinationCity' },
  destinationStreet: { label: '町名・番地', id: 'destinationStreet' },
  destinationApartmentEtc: { label: '建物名・部屋番号', id: 'destinationApartmentEtc' },
  receiptRecipient: { label: '領収書の宛名', id: 'receiptRecipient' },
  ...CARD_FIELDS,
};

/** The fields the postal-code lookup fills in. */
const FILLED_BY_LOOKUP = ['destinationPrefecture', 'destinationCity', 'destinationStreet'] as const;

/**
 * The destination's errors for `keys`, from the order API's own schema (DestinationSchema, loaded
 * on first use so the page ships no zod up front): the form and the server say the same thing.
 */
async function destinationErrors(
  values: Destination,
  keys: readonly (keyof Destination)[],
): Promise<Partial<Record<keyof Destination, string>>> {
  const { DestinationSchema, fieldErrors } = await purchaseSchemas();
  const parsed = DestinationSchema.safeParse(values);
  const all = parsed.success ? {} : fieldErrors(parsed.error);
  return Object.fromEntries(keys.map((k) => [k, all[k] ?? '']));
}

/** A card kept at PAY.JP, chosen for this order in this tab's purchase state. */
/**
 * `prefectureOptions`: the 都道府県 select's options, rendered by the server page
 * (`<PrefectureOptions />` of prefecture-options.tsx) so the list is not in this step's JavaScript.
 */
export function RecipientInfo({
  payjpJsUrl,
  prefectureOptions,
  notes,
  savedAddresses = null,
}: {
  payjpJsUrl: string;
  prefectureOptions: ReactNode;
  /** RECIPIENT_NOTES (recipient-notes.ts), passed by the server page: no words of them in this step's script. */
  notes: RecipientNotes;
  /** 保存したお届け先 (`<SavedAddressChoices />`, rendered by the server page): a pressed one fills the form. */
  savedAddresses?: ReactNode;
}) {
  const router = useRouter();
  const [ready, setReady] = useState(false);
  const [form, setForm] = useState<Destination>(INITIAL_STATE.destination);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [candidates, setCandidates] = useState<AddressCandidate[]>([]);
  const [zipMessage, setZipMessage] = useState('');
  // The card section keeps its own state and data (the public key, the registered cards), so their
  // arrival re-renders the card part only, not this form (docs/decisions/0038): the form reaches it
  // through `cardRef` when the order goes on, and hears of what it shows (payable, its errors).
  const cardRef = useRef<CardSectionState | null>(null);
  const [payable, setPayable] = useState(false);
  const [cardErrors, setCardErrors] = useState<CardFieldErrors>({});
  const showCardErrors = useCallback(
    (next: CardFieldErrors) => setCardErrors((current) => (sameErrors(current, next) ? current : next)),
    [],
  );
  const [submitting, setSubmitting] = useState(false);
  const [isDemo, setIsDemo] = useState(false);
  // Sent back here by the confirmation, which found no complete address: say so (issue 13).
  const [restarted, setRestarted] = useState(false);
  const summaryRef = useRef<HTMLDivElement | null>(null);
  const shownErrors = { ...errors, ...cardErrors };
  const summary = useSummaryOnDemand(Object.values(shownErrors).some(Boolean));

  useEffect(() => {
    // Browser storage is read after hydration (the server render has none); reading it is the effect.
    const state = getClientState();
    if (state.purchaseItemData.userInput.length === 0) {
      router.replace(restartPath('/purchase/select'));
      return;
    }
    // The stored values re-render the whole form: in a transition, which React renders in slices
    // between other work, instead of one task of the whole step right after hydration (an update
    // from an effect is otherwise batched with the synchronous ones; docs/decisions/0053).
    const restarted = takeMissingStateFlag();
    startTransition(() => {
      setRestarted(restarted);
      setForm({ ...state.destination, destinationZipCode: formatZipcode(state.destination.destinationZipCode) });
      setIsDemo(state.flags.isDemoUser);
      setReady(true);
    });
    // (the card section applies the stored card in its own effect, at once: its choice must be in
    // place before the registered cards can arrive — see RecipientCard)
  }, [router]);

  // Keep what the buyer types in this tab's store as it is typed, so going back to the item
  // selection (or payment being unavailable for a while) never loses the address. The first
  // render still holds the initial value, not the stored one: that is not written back.
  useEffect(() => {
    if (form !== INITIAL_STATE.destination) setPiece('destination', form);
  }, [form]);

  function update<K extends keyof Destination>(key: K, value: Destination[K]) {
    setForm((f) => ({ ...f, [key]: value }));
  }

  /**
   * Checks `keys` of `values` again and updates their errors: a field that showed an error shows
   * the new one, or none once it is right; a field without one gets one only when `reveal` says so
   * (a field left with something wrong in it), never for a field not yet filled in.
   */
  async function revalidate(values: Destination, keys: readonly (keyof Destination)[], reveal: (key: keyof Destination) => boolean) {
    const found = await destinationErrors(values, keys);
    setErrors((current) => {
      const next = { ...current };
      for (const key of keys) {
        const message = found[key] ?? '';
        next[key] = current[key] || reveal(key) ? message : '';
      }
      return next;
    });
  }

  /** On leaving a field: its error as the server would give it, when it has content or showed one. */
  function checkOnBlur(key: keyof Destination, values: Destination = form) {
    // held while the button that took the focus is still pressed (the error would move it)
    afterPointerRelease(() => void revalidate(values, [key], (k) => values[k].trim() !== ''));
  }

  function applyCandidate(c: AddressCandidate, zip: string) {
    const filled: Destination = {
      ...form,
      destinationZipCode: formatZipcode(zip),
      destinationPrefecture: c.prefecture,
      destinationCity: c.city,
      destinationStreet: c.isBusiness ? `${c.town}${c.street ?? ''}` : c.town,
    };
    setForm((f) => ({
      ...f,
      destinationZipCode: filled.destinationZipCode,
      destinationPrefecture: filled.destinationPrefecture,
      destinationCity: filled.destinationCity,
      destinationStreet: filled.destinationStreet,
    }));
    setCandidates([]);
    setZipMessage(`${c.prefecture}${c.city}${c.town} を入力しました。続けて番地を入力してください。`);
    // The errors shown beside these fields were about what was there before (issue 13): check the
    // filled values again instead of leaving 「市区町村を入力してください。」 under 千代田区.
    void revalidate(filled, FILLED_BY_LOOKUP, () => false);
  }

  async function lookup() {
    await lookupWith(form.destinationZipCode);
  }

  async function next() {
    const [{ DestinationSchema, fieldErrors }, kit, { keepChosenCard }, cardChecks] = await Promise.all([
      purchaseSchemas(),
      summary.prepare(),
      import('./recipient-card-choice'),
      loadCardHolderChecks(),
    ]);
    const parsed = DestinationSchema.safeParse(form);
    const fieldErrs: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
    // Committed at once: after the schema's `await` this is no longer the click's synchronous
    // update, and the summary must exist before it is focused.
    const card = cardRef.current;
    if (!card) return;
    let cardErrs: CardFieldErrors = {};
    flushSync(() => {
      setErrors(fieldErrs);
      cardErrs = card.validate(cardChecks);
      setCardErrors(cardErrs);
      kit.show();
    });
    if (!parsed.success || Object.keys(fieldErrs).length > 0 || Object.keys(cardErrs).length > 0) {
      kit.focus(summaryRef);
      return;
    }
    if (!payable) return;
    setPiece('destination', parsed.data);
    setSubmitting(true);
    try {
      const chosen = await card.choose();
      await keepChosenCard(chosen, { register: card.saveCard && !isDemo });
      router.push('/purchase/confirmation');
    } catch (error) {
      card.setCardError(error instanceof Error ? error.message : 'カード情報を確認できませんでした。');
      setSubmitting(false);
    }
  }

  // The address and the receipt: the larger part of the form, rendered again only when what it
  // shows changes (not when the summary, the order button or the stored flags do). Everything it
  // calls reads only these four values and state setters.
  const addressSections = useMemo(
    () => (
      <>
        <Section title="お届け先" id="destination">
          {savedAddresses ? (
            // A saved address's button carries its destination as its value (saved-address-choices.tsx).
            <div
              onClick={(e) => {
                const b = (e.target as Element).closest('button[data-saved-address]');
                if (b) setForm((f) => ({ ...f, ...(JSON.parse((b as HTMLButtonElement).value) as Destination) }));
              }}
            >
              {savedAddresses}
            </div>
          ) : null}
          <Field id="recipient" label="宛名" required support="例：山田 太郎、株式会社サンプル 総務部 御中" error={errors.recipient}>
            {(a) => (
              <input
                {...a}
                autoComplete="name"
                value={form.recipient}
                onChange={(e) => update('recipient', e.target.value)}
                onBlur={() => checkOnBlur('recipient')}
              />
            )}
          </Field>
          <Field
            id="destinationZipCode"
            label="郵便番号"
            required
            support="例：100-0005（入力すると住所を自動で入力します）"
            error={errors.destinationZipCode}
          >
            {(a) => (
              <div className={styles.zipRow}>
                <input
                  {...a}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={ZIPCODE_INPUT_MAX_LENGTH}
                  value={form.destinationZipCode}
                  onChange={(e) => {
                    const typed = e.target.value;
                    update('destinationZipCode', typed);
                    // 7 digits however written (１００－０００５, 1000005, 〒100-0005): look the address up once.
                    if (isZipcode(typed) && normalizeZipcode(form.destinationZipCode) !== normalizeZipcode(typed)) {
                      queueMicrotask(() => void lookupWith(typed));
                    }
                  }}
                  onBlur={() => {
                    // Shown the one way the confirmation, the mail and the receipt show it: 100-0005.
                    const shown = formatZipcode(form.destinationZipCode);
                    if (shown !== form.destinationZipCode) update('destinationZipCode', shown);
                    checkOnBlur('destinationZipCode', { ...form, destinationZipCode: shown });
                  }}
                />
                <button type="button" className="button button-secondary" onClick={() => void lookup()}>
                  住所を検索
                </button>
              </div>
            )}
          </Field>
          {zipMessage ? (
            <p className="muted" role="status">
              {zipMessage}
            </p>
          ) : null}
          {candidates.length > 0 ? (
            <fieldset className={styles.cardList}>
              <legend className="visually-hidden">住所の候補</legend>
              {candidates.map((c, i) => (
                <button
                  key={i}
                  type="button"
                  className="button button-secondary"
                  onClick={() => applyCandidate(c, form.destinationZipCode)}
                >
                  {c.prefecture}
                  {c.city}
                  {c.town}
                  {c.businessName ? `（${c.businessName}）` : ''}
                </button>
              ))}
            </fieldset>
          ) : null}
          <div className={styles.grid2}>
            <Field id="destinationPrefecture" label="都道府県" required error={errors.destinationPrefecture}>
              {(a) => (
                <select
                  {...a}
                  autoComplete="address-level1"
                  value={form.destinationPrefecture}
                  onChange={(e) => {
                    update('destinationPrefecture', e.target.value);
                    if (errors.destinationPrefecture)
                      checkOnBlur('destinationPrefecture', { ...form, destinationPrefecture: e.target.value });
                  }}
                >
                  {prefectureOptions}
                </select>
              )}
            </Field>
            <Field id="destinationCity" label="市区町村" required support="例：千代田区" error={errors.destinationCity}>
              {(a) => (
                <input
                  {...a}
                  autoComplete="address-level2"
                  value={form.destinationCity}
                  onChange={(e) => update('destinationCity', e.target.value)}
                  onBlur={() => checkOnBlur('destinationCity')}
                />
              )}
            </Field>
          </div>
          <Field id="destinationStreet" label="町名・番地" required support="例：丸の内1-1-1" error={errors.destinationStreet}>
            {(a) => (
              <input
                {...a}
                autoComplete="address-line1"
                value={form.destinationStreet}
                onChange={(e) => update('destinationStreet', e.target.value)}
                onBlur={() => checkOnBlur('destinationStreet')}
              />
            )}
          </Field>
          <Field
            id="destinationApartmentEtc"
            label="建物名・部屋番号"
            support="例：サンプルビル 3階"
            error={errors.destinationApartmentEtc}
          >
            {(a) => (
              <input
                {...a}
                autoComplete="address-line2"
                value={form.destinationApartmentEtc}
                onChange={(e) => update('destinationApartmentEtc', e.target.value)}
                onBlur={() => checkOnBlur('destinationApartmentEtc')}
              />
            )}
          </Field>
        </Section>

        <Section title="領収書" id="receipt">
          <Field
            id="receiptRecipient"
            label="領収書の宛名"
            required
            support={`例：株式会社サンプル（${RECEIPT_ADDRESSEE_MAX_LENGTH}文字以内。領収書は注文完了後にダウンロードできます）`}
            error={errors.receiptRecipient}
          >
            {(a) => (
              <input
                {...a}
                autoComplete="organization"
                value={form.receiptRecipient}
                onChange={(e) => update('receiptRecipient', e.target.value)}
                onBlur={() => checkOnBlur('receiptRecipient')}
              />
            )}
          </Field>
        </Section>
      </>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, errors, candidates, zipMessage],
  );

  return (
    <PurchasePage title="お届け先・お支払い方法" step={1} lead="証明書のお届け先と、お支払いに使うクレジットカードを入力してください。">
      {submitting ? <LoadingOverlay message="カード情報を確認しています" /> : null}
      {restarted ? <MissingStateNotice step="/purchase/recipient-info" /> : null}
      {summary.Summary ? (
        <summary.Summary id="form-errors" message={null} errors={shownErrors} fields={FIELDS} summaryRef={summaryRef} />
      ) : null}

      {/* Until this tab's storage is read, the form is shown as it will be, but cannot be used yet:
          the server render paints it before the JavaScript arrives (docs/decisions/0033). */}
      <fieldset className={styles.formShell} disabled={!ready} aria-busy={!ready}>
        {addressSections}
        <RecipientCard
          handle={cardRef}
          payjpJsUrl={payjpJsUrl}
          notes={notes}
          isDemo={isDemo}
          onPayable={setPayable}
          onErrors={showCardErrors}
        />
      </fieldset>

      <div className={styles.actions}>
        <Link className="button button-secondary" href="/purchase/select">
          証明書の選択に戻る
        </Link>
        <button type="button" className="button" disabled={submitting || !payable} onClick={() => void next()}>
          ご注文内容の確認へ進む
        </button>
      </div>
    </PurchasePage>
  );

  async function lookupWith(zip: string) {
    setZipMessage('');
    setCandidates([]);
    try {
      const res = await lookupZipcode(zip);
      setErrors((e) => ({ ...e, destinationZipCode: '' }));
      if (res.candidates.length === 1) applyCandidate(res.candidates[0]!, res.zipcode);
      else {
        update('destinationZipCode', formatZipcode(res.zipcode));
        setCandidates(res.candidates);
        setZipMessage(`この郵便番号には${res.candidates.length}件の住所があります。当てはまるものを選んでください。`);
      }
    } catch (error) {
      setErrors((e) => ({ ...e, destinationZipCode: error instanceof ApiError ? error.message : '住所を検索できませんでした。' }));
    }
  }
}

/** Whether two sets of the card section's errors say the same (the form's copy is replaced only when they differ). */
function sameErrors(a: CardFieldErrors, b: CardFieldErrors): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof CardFieldErrors)[]);
  return [...keys].every((k) => (a[k] ?? '') === (b[k] ?? ''));
}

/**
 * The recipient step's card section, with its state and data hooks (`useCardSection`: PAY.JP's
 * public key, the registered cards, the choice) in a component of its own: their answers arriving
 * after hydration re-render this part only. The form reads the section through `handle` when the
 * order goes on; `onPayable` and `onErrors` tell it what it shows (the order button, the summary).
 */
const RecipientCard = memo(function RecipientCard({
  handle,
  payjpJsUrl,
  notes,
  isDemo,
  onPayable,
  onErrors,
}: {
  handle: Ref<CardSectionState | null>;
  payjpJsUrl: string;
  notes: RecipientNotes;
  isDemo: boolean;
  onPayable: (payable: boolean) => void;
  onErrors: (errors: CardFieldErrors) => void;
}) {
  // A registered card arriving is not checked over the card the buyer entered in this flow.
  const card = useCardSection({ payjpJsUrl, preferRegistered: () => !getClientState().newCard.isSelected });
  useImperativeHandle(handle, () => card);

  useEffect(() => {
    // Browser storage is read after hydration (the server render has none), in the same commit as
    // the form's stored values. Back from the confirmation: the card chosen there stays chosen (the
    // registered card, or the entered card's token, which is not spent until the order), instead
    // of an empty card field. This runs before the public key is even asked for, so the registered
    // cards can only arrive after it: they never replace the card chosen here.
    const state = getClientState();
    card.setCardName(state.newCard.cardName);
    card.restore(enteredCardOf(state.newCard), state.registeredCard.isSelected ? state.registeredCard.id : null);
    // Once, after hydration: `card`'s setters are stable, the object itself is new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const payable = Boolean(card.publicKey);
  useEffect(() => onPayable(payable), [payable, onPayable]);
  useEffect(() => onErrors(card.errors), [card.errors, onErrors]);

  return (
    <CardSection
      card={card}
      unavailable={notes.cardUnavailable}
      onRemove={(c) => void import('./remove-card').then((m) => m.removeCard(c, card))}
      entered={
        card.enteredCard ? (
          <EnteredCardOption card={card.enteredCard} checked={card.mode === 'entered'} onChoose={() => card.setMode('entered')} />
        ) : null
      }
      newCardExtra={
        isDemo ? (
          <p className="muted">{notes.demoCard}</p>
        ) : (
          <label className={styles.agree} style={{ fontWeight: 400 }}>
            <input type="checkbox" checked={card.saveCard} onChange={(e) => card.setSaveCard(e.target.checked)} />
            このカードを登録して次回から使う
          </label>
        )
      }
    />
  );
});

/** 入力済みのカード: the card entered earlier in this flow, while its token is unspent (back from the confirmation). */
function EnteredCardOption({ card, checked, onChoose }: { card: NewCard; checked: boolean; onChoose: () => void }) {
  return (
    <label className={styles.radioCard}>
      <input type="radio" name="card" checked={checked} onChange={onChoose} />
      <span data-testid="entered-card">
        <span className={styles.radioTitle}>入力済みのカード</span>{' '}
        <span style={{ whiteSpace: 'nowrap' }}>
          {card.brand}　**** {card.last4}
        </span>
        {card.expDate.month && card.expDate.year ? `　有効期限 ${String(card.expDate.month).padStart(2, '0')}/${card.expDate.year}` : ''}
        {card.cardName ? `　${card.cardName}` : ''}
      </span>
    </label>
  );
}
