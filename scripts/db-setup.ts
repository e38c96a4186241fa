import { ConfigError } from '../src/config/env';
import { seedDemoUser } from '../src/features/accounts/server/demo-user';
import { closeDb, getDb } from '../src/server/db/client';

/**
 * Migrates the application database and seeds what a local service needs. Runs as its own
 * process before the server starts (the embedded PGlite admits one process at a time).
 */
async function main() {
  await getDb(); // opening applies the committed migrations
  const demo = await seedDemoUser();
  if (demo !== 'unchanged')
    console.log(
      `[hojin] デモアカウント: ${{ created: '作成しました', updated: '更新しました', disabled: '無効です（DEMO_USER_ENABLED）' }[demo]}`,
    );
  await closeDb();
  console.log('[hojin] データベースの準備ができました。');
}

main().catch(async (error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  await closeDb().catch(() => undefined);
  process.exit(1);
});
