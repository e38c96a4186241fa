import Link from '@/components/link';
import styles from '../admin.module.css';

/**
 * /admin/orders/<id> for an id no order has (mistyped, or a member's made-up link): said inside the
 * back office, with the way back to the list and its 注文番号 search — not the public site's 404
 * page with links to the top page and the company search. Still a 404. The page has already
 * checked the staff session; this checks it again only to draw the shell.
 */
export function OrderNotFoundView() {
  return (
    <>
      <p>
        <Link href="/admin/orders">← 注文の一覧へ</Link>
      </p>
      <h1 className={styles.pageTitle}>注文が見つかりませんでした</h1>
      <p className={styles.lead}>
        このIDの注文はありません。お客様から伺った注文番号（HJ-で始まる番号）は、注文の一覧の「注文番号」から開けます。
      </p>
    </>
  );
}
