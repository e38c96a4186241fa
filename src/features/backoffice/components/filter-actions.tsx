import Link from '@/components/link';

import styles from './admin.module.css';

/** The end of a list page's filter form: submit, and the link back to the unfiltered list. */
export function FilterActions({ clearHref }: { clearHref: string }) {
  return (
    <div className={styles.actions}>
      <button type="submit" className={styles.button}>
        絞り込む
      </button>
      <Link href={clearHref}>条件をクリア</Link>
    </div>
  );
}
