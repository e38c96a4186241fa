import { ConfigError } from '../src/config/env';

import { startStack } from './lib/stack';

/** `npm start`: the whole service on http://localhost:3000 with its local stand-ins. */
async function main() {
  const stack = await startStack();
  const mail = stack.env.MAIL_CATCHER_URL;
  console.log(
    [
      '',
      `[hojin] 起動しました: ${stack.url}`,
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
