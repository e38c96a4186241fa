import type { ReactNode } from 'react';

import styles from './admin.module.css';

/**
 * A back-office table (the order queue, the audit log, notices, staff, order lines, accounting): the
 * scrolling frame, the column heads, and — when `empty` is given — the one row that says there is
 * nothing, across every column. `className` adds a view's own column rules.
 */
export function StaffTable({
  columns,
  empty,
  className,
  testId,
  children,
}: {
  columns: readonly string[];
  /** What the single row says when there are no rows; null while there are. */
  empty?: string | null;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={className ? `${styles.table} ${className}` : styles.table} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty ? (
            <tr>
              <td colSpan={columns.length} className="muted">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
