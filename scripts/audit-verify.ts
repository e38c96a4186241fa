import { ConfigError, getEnv } from '../src/config/env';
import { verifyAuditChain } from '../src/features/backoffice/server/audit-chain';
import { closeDb } from '../src/server/db/client';

import { portInUse } from './lib/processes';

/**
 * `npm run audit:verify` — walks the audit log's hash chain (docs/decisions/0059) and prints
 * whether every row is still as it was written. Exit 0: intact; 1: a row was edited, deleted or
 * added behind the triggers' back (each named); 2: the check could not run. The last line gives
 * the chain's end (place and hash): noted somewhere else, it lets a later check show that the
 * whole log was not rewritten from the start.
 */
async function main() {
  const env = getEnv();
  if (!env.DATABASE_URL && (await portInUse(env.PORT))) {
    console.error(
      '組み込みデータベース（PGlite）は1つのプロセスしか開けません。サービスを停止してから実行するか、DATABASE_URL で PostgreSQL を使ってください（管理画面の「監査ログ」→「改ざんの検査」でも確認できます）。',
    );
    process.exit(2);
  }
  const report = await verifyAuditChain();
  await closeDb();
  if (report.ok) {
    console.log(`監査ログ: ${report.rows.toLocaleString('ja-JP')} 件の記録はすべて書き込まれたときのままです。`);
  } else {
    console.log(`監査ログ: 改ざんの跡が見つかりました（${report.problems.length} 件）。`);
    for (const p of report.problems) console.log(`  - ${p.message}`);
  }
  console.log(`連鎖の末尾: ${report.headSeq} 番目 ${report.headHash}`);
  process.exit(report.ok ? 0 : 1);
}

main().catch(async (error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  await closeDb().catch(() => undefined);
  process.exit(2);
});
