import styles from './loading-overlay.module.css';

/**
 * The full-screen loading overlay of the spec (§2): a spinner labelled 読み込み中 and an optional
 * message, shown until the page may be displayed. It is a live region, so screen readers
 * announce it, and it blocks interaction with the page underneath.
 */
export function LoadingOverlay({ message }: { message?: string }) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite" aria-busy="true" data-testid="loading-overlay">
      <div className={styles.box}>
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.label}>読み込み中</span>
        {message ? <p className={styles.message}>{message}</p> : null}
      </div>
    </div>
  );
}
