import Link from '@/components/link';
import { formatZipcode } from '@/features/address';

import type { SavedAddress } from '../server/saved-addresses';
import styles from './purchase.module.css';

/**
 * 保存したお届け先 on the recipient step (issue 24 §4, docs/decisions/0063): a server component,
 * rendered by the page with the member's saved addresses and passed to the form, each a button
 * carrying its destination as data — the step's JavaScript only reads the pressed button's value
 * (one click handler in recipient-info.tsx), so the list costs the first load no code. Edited and
 * deleted in マイページ.
 */
export function SavedAddressChoices({ addresses }: { addresses: readonly SavedAddress[] }) {
  if (addresses.length === 0) return null;
  return (
    <details className={styles.savedAddresses} open={addresses.length <= 3} data-testid="saved-addresses">
      <summary>保存したお届け先から選ぶ（{addresses.length}件）</summary>
      <ul>
        {addresses.map(({ id, ...d }) => {
          const destination = { ...d, destinationZipCode: formatZipcode(d.destinationZipCode) };
          return (
            <li key={id}>
              <button type="button" className={styles.savedAddress} value={JSON.stringify(destination)} data-saved-address="">
                <strong>{d.recipient}</strong>
                <span>
                  〒{destination.destinationZipCode} {d.destinationPrefecture}
                  {d.destinationCity}
                  {d.destinationStreet}
                  {d.destinationApartmentEtc ? ` ${d.destinationApartmentEtc}` : ''}
                </span>
                <span className="muted">領収書の宛名：{d.receiptRecipient}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="muted">
        選ぶとお届け先と領収書の宛名に入力します。保存したお届け先の変更・削除は
        <Link href="/my-page/addresses">マイページ</Link>でできます。
      </p>
    </details>
  );
}
