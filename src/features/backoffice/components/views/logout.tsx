import styles from '../admin.module.css';
import { LogoutButton } from '../logout-button';

/** Logging out changes state, so it is a button (POST), never a GET of this page. */
export function LogoutView() {
  return (
    <>
      <h1 className={styles.pageTitle}>ログアウト</h1>
      <div className={styles.card}>
        <p>管理画面からログアウトします。共有の端末では、作業が終わったら必ずログアウトしてください。</p>
        <LogoutButton className={styles.button} />
      </div>
    </>
  );
}
