import Link from '@/components/link';

import styles from '../admin.module.css';
import { verifyAuditChain } from '../../server/audit-chain';
import { formatDateTimeJa } from '@/lib/format';

/**
 * The audit log's hash chain, checked on every load (docs/decisions/0059): each row's hash is
 * recomputed from the previous one and the row's content, so an edit, a deletion or a row slipped
 * in behind the database's triggers shows here. The same check as `npm run audit:verify`.
 */
export async function AuditVerifyView() {
  const report = await verifyAuditChain();
  return (
    <>
      <h1 className={styles.pageTitle}>監査ログの改ざん検査</h1>
      <p className={styles.lead}>
        監査ログの各記録は、直前の記録のハッシュと自分の内容から計算したハッシュでつながっています。記録の変更・削除・割り込みがあると、ここで見つかります（コマンドでは
        <code>npm run audit:verify</code>）。
      </p>
      <section className={styles.card} aria-labelledby="verify-result" data-testid="audit-verify">
        <h2 id="verify-result">結果（{formatDateTimeJa(new Date(report.checkedAt), { seconds: true })} に検査）</h2>
        {report.ok ? (
          <p className={styles.notice} data-result="ok">
            {report.rows.toLocaleString('ja-JP')} 件の記録はすべて書き込まれたときのままです。
          </p>
        ) : (
          <>
            <p className={styles.alert} data-result="broken">
              改ざんの跡が見つかりました（{report.problems.length} 件）。データベースの管理者に確認してください。
            </p>
            <ul>
              {report.problems.map((p) => (
                <li key={`${p.kind}-${p.chainSeq}-${p.id ?? ''}`}>{p.message}</li>
              ))}
            </ul>
          </>
        )}
        <p className="muted">
          連鎖の末尾：{report.headSeq.toLocaleString('ja-JP')} 番目
          <br />
          <span className={`${styles.mono} ${styles.breakAnywhere}`}>{report.headHash}</span>
        </p>
        <p className={styles.hint}>末尾のハッシュを別の場所に控えておくと、ログ全体が作り直されていないことも後で確かめられます。</p>
      </section>
      <p>
        <Link href="/admin/audit">監査ログに戻る</Link>
      </p>
    </>
  );
}
