import { ConfigError } from '../src/config/env';

import { startStack } from './lib/stack';

/**
 * `npm start`: the whole service on http://localhost:3000 with its local stand-ins.
 * `npm run dev` (`--dev`): the same local service — stand-ins, the embedded database migrated and
 * seeded, the sample registry — served by `next dev`, which recompiles on save and hot-reloads the
 * browser. No production build is made.
 */
async function main() {
  const dev = process.argv.includes('--dev');
  const stack = await startStack(dev ? { mode: 'dev' } : {});
  const mail = stack.env.MAIL_CATCHER_URL;
  console.log(
    [
      '',
      dev ? `[hojin] 開発サーバーを起動しました（ホットリロード）: ${stack.url}` : `[hojin] 起動しました: ${stack.url}`,
      mail ? `[hojin] 開発用メール受信箱: ${mail}` : '',
      `[hojin] 停止するには Ctrl+C を押してください。`,
      '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  const stop = () => {
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : `[hojin] 起動に失敗しました: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
