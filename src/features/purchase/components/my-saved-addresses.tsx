'use client';

import { useState, type ReactNode } from 'react';

import { Field } from '@/components/form/field';
import { formatZipcode } from '@/features/address';
import { ApiError } from '@/lib/api-client';
import type { Destination } from '@/lib/client-store';
import { useApi } from '@/lib/use-api';

import { deleteSavedAddress, savedAddressesKey, updateSavedAddress, type SavedAddress } from '../client/saved-addresses';
import { SAVED_ADDRESS_LIMIT } from '../rules';
import { ActionMessage, type ActionMessageValue } from '@/components/action-message';
import { ApiFailure } from '@/components/api-pending';
import styles from './my-saved-addresses.module.css';

const LABELS: Record<keyof Destination, { label: string; required: boolean; autoComplete: string }> = {
  recipient: { label: '宛名', required: true, autoComplete: 'name' },
  destinationZipCode: { label: '郵便番号', required: true, autoComplete: 'postal-code' },
  destinationPrefecture: { label: '都道府県', required: true, autoComplete: 'address-level1' },
  destinationCity: { label: '市区町村', required: true, autoComplete: 'address-level2' },
  destinationStreet: { label: '町名・番地', required: true, autoComplete: 'address-line1' },
  destinationApartmentEtc: { label: '建物名・部屋番号', required: false, autoComplete: 'address-line2' },
  receiptRecipient: { label: '領収書の宛名', required: true, autoComplete: 'organization' },
};
const KEYS = Object.keys(LABELS) as (keyof Destination)[];

/**
 * /my-page/addresses (issue 24 §4, docs/decisions/0063): the destinations kept from the member's
 * orders — changed (checked by the order API's own schema on the server) or deleted. New ones come
 * from orders; the recipient step offers them. `prefectureOptions`: the server-rendered 都道府県.
 */
export function MySavedAddresses({ prefectureOptions }: { prefectureOptions: ReactNode }) {
  const list = useApi(savedAddressesKey());
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState<ActionMessageValue>(null);

  async function remove(a: SavedAddress) {
    if (!window.confirm(`「${a.recipient}」のお届け先（〒${formatZipcode(a.destinationZipCode)}）を削除しますか？`)) return;
    setMessage(null);
    try {
      await list.mutate(await deleteSavedAddress(a.id), { revalidate: false });
      setMessage({ kind: 'ok', text: 'お届け先を削除しました。' });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError ? error.message : 'お届け先を削除できませんでした。' });
    }
  }

  const addresses = list.data?.addresses ?? [];
  return (
    <section className={`surface ${styles.card}`} aria-labelledby="addresses-title">
      <h2 id="addresses-title" className={styles.title}>
        保存したお届け先
      </h2>
      <p className={styles.lead}>
        ご注文のお届け先（領収書の宛名を含む）を{SAVED_ADDRESS_LIMIT}
        件まで保存し、次のご注文で選べるようにしています（使われていないものから入れ替わります）。
      </p>
      <ActionMessage message={message} okClassName={styles.ok} />
      {!list.data ? <ApiFailure error={list.error} failure="お届け先を読み込めませんでした。ページを再読み込みしてください。" /> : null}
      {!list.data && !list.error ? <p className="muted">読み込み中…</p> : null}
      {list.data && addresses.length === 0 ? (
        <p data-testid="no-addresses">保存したお届け先はありません。ご注文のお届け先がここに保存されます。</p>
      ) : null}
      <ul className="saved-list" data-testid="my-addresses">
        {addresses.map((a) => (
          <li key={a.id} className="saved-item">
            {editing === a.id ? (
              <EditAddress
                address={a}
                prefectureOptions={prefectureOptions}
                onCancel={() => setEditing(null)}
                onSaved={async (next) => {
                  await list.mutate(next, { revalidate: false });
                  setEditing(null);
                  setMessage({ kind: 'ok', text: 'お届け先を変更しました。' });
                }}
              />
            ) : (
              <>
                <div>
                  <strong>{a.recipient}</strong>
                  <br />〒{formatZipcode(a.destinationZipCode)} {a.destinationPrefecture}
                  {a.destinationCity}
                  {a.destinationStreet}
                  {a.destinationApartmentEtc ? ` ${a.destinationApartmentEtc}` : ''}
                  <br />
                  <span className="muted">領収書の宛名：{a.receiptRecipient}</span>
                </div>
                <div className="saved-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => {
                      setMessage(null);
                      setEditing(a.id);
                    }}
                    aria-label={`「${a.recipient}」のお届け先を変更`}
                  >
                    変更
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => void remove(a)}
                    aria-label={`「${a.recipient}」のお届け先を削除`}
                  >
                    削除
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function EditAddress({
  address,
  prefectureOptions,
  onCancel,
  onSaved,
}: {
  address: SavedAddress;
  prefectureOptions: ReactNode;
  onCancel: () => void;
  onSaved: (next: { addresses: SavedAddress[] }) => Promise<void>;
}) {
  const { id, ...initial } = address;
  const [form, setForm] = useState<Destination>({ ...initial, destinationZipCode: formatZipcode(initial.destinationZipCode) });
  const [errors, setErrors] = useState<Partial<Record<keyof Destination, string>>>({});
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    setError('');
    setErrors({});
    try {
      await onSaved(await updateSavedAddress(id, form));
    } catch (e) {
      if (e instanceof ApiError) {
        // the order API's field errors, named by field (with or without the body's `destination.`)
        const found: Partial<Record<keyof Destination, string>> = {};
        for (const key of KEYS) {
          const text = e.fields[key] ?? e.fields[`destination.${key}`];
          if (text) found[key] = text;
        }
        setErrors(found);
        setError(e.message);
      } else setError('お届け先を変更できませんでした。時間をおいてお試しください。');
      setSaving(false);
    }
  }

  return (
    <form
      className={styles.form}
      aria-label={`「${address.recipient}」のお届け先の変更`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      {error ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
      {KEYS.map((key) => (
        <Field key={key} id={`${id}-${key}`} label={LABELS[key].label} required={LABELS[key].required} error={errors[key]}>
          {(a) =>
            key === 'destinationPrefecture' ? (
              <select
                {...a}
                autoComplete={LABELS[key].autoComplete}
                value={form[key]}
                onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
              >
                {prefectureOptions}
              </select>
            ) : (
              <input
                {...a}
                autoComplete={LABELS[key].autoComplete}
                inputMode={key === 'destinationZipCode' ? 'numeric' : undefined}
                value={form[key]}
                onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
              />
            )
          }
        </Field>
      ))}
      <div className="saved-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? '保存しています…' : '変更を保存する'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={saving}>
          やめる
        </button>
      </div>
    </form>
  );
}
