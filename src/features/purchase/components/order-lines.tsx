import type { LatestOrder } from '@/features/payments';
import { formatYen } from '@/lib/format';

import styles from './purchase.module.css';

/** An order's lines as the completion and お支払いの再開 show them: the item, 「n通」 (or 「1回」 for 速達), the amount. */
export function OrderLinesTable({ lines }: { lines: LatestOrder['lines'] }) {
  return (
    <table className={styles.priceTable}>
      <tbody>
        {lines.map((l) => (
          <tr key={`${l.kind}-${l.itemId ?? ''}`}>
            <td>{l.name}</td>
            <td className={styles.num}>{l.kind === 'expressFee' ? '1回' : `${l.quantity}通`}</td>
            <td className={styles.num}>{formatYen(l.amountYen)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
