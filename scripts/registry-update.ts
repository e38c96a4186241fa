/**
 * Applies the NTA's daily changes to the registry (issue 14 item 1), as the service's schedule does.
 *
 *   npm run registry:update -- [--today YYYY-MM-DD]
 *
 * With NTA_APPLICATION_ID: fetches each complete day after the registry's データ更新日 from the
 * 法人番号システム Web-API (NTA_API_BASE). Without: applies NTA diff files (diff_YYYYMMDD.zip/.csv)
 * dated after it from REGISTRY_UPDATE_DIR (default DATA_DIR/registry/updates). The new registry is
 * built in a temporary file and swapped in; a failure leaves the served registry untouched.
 *
 * Then the same for the invoice file (INVOICE_APPLICATION_ID / INVOICE_API_BASE, or files in
 * REGISTRY_UPDATE_DIR/invoice), when one has been imported.
 *
 * Exit codes: 0 updated or already current, 1 the update failed (the reason is printed), 2 bad arguments.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { serverConfig } from '@/config/server';
import { configuredUpdateSource, runConfiguredInvoiceUpdate, runConfiguredUpdate } from '@/features/registry/server/update/run';

const ArgsSchema = z.strictObject({
  today: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '--today は YYYY-MM-DD の形式で指定してください')
    .optional(),
});

let args: z.infer<typeof ArgsSchema>;
try {
  const { values } = parseArgs({ options: { today: { type: 'string' } }, strict: true });
  args = ArgsSchema.parse(values);
} catch (err) {
  console.error(err instanceof z.ZodError ? z.prettifyError(err) : (err as Error).message);
  console.error('使い方: npm run registry:update -- [--today YYYY-MM-DD]');
  process.exit(2);
}

async function main(): Promise<void> {
  const config = serverConfig().registryUpdate;
  const source = configuredUpdateSource(config);
  console.log(
    source.kind === 'api'
      ? `法人番号システム Web-API から取得します: ${source.baseUrl}`
      : `差分ファイルのフォルダから取り込みます: ${source.dir}`,
  );
  try {
    const result = await runConfiguredUpdate(config, args.today);
    if (result.status === 'current') {
      console.log(`更新はありません。データ更新日: ${result.dataDate}`);
    } else {
      console.log(
        `${result.days.length} 日分を適用しました（${result.days.join(', ')}）。データ更新日: ${result.previousDataDate} → ${result.dataDate}`,
      );
      const s = result.summary.stats;
      console.log(
        `  新規 ${s.inserted}・更新 ${s.replaced}・履歴 ${s.history}・変更なし ${s.unchanged}・削除 ${s.deleted}・不正行 ${result.summary.errors}`,
      );
    }
  } catch (err) {
    console.error(`更新できませんでした。公開中の登記データベースはそのままです: ${(err as Error).message}`);
    process.exitCode = 1;
  }
  // The invoice file (適格請求書発行事業者), when there is one: the same, from its own API or folder.
  if (!existsSync(config.invoicePath)) return;
  try {
    const invoice = await runConfiguredInvoiceUpdate(config, args.today);
    console.log(
      invoice.status === 'current'
        ? `インボイス登録データの更新はありません（${invoice.through} まで適用済み）`
        : `インボイス登録データ: ${invoice.days.length} 日分を適用しました（${invoice.previousThrough} → ${invoice.through}）`,
    );
  } catch (err) {
    console.error(`インボイス登録データを更新できませんでした。公開中のデータはそのままです: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}

void main();
