import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ConfigError, getEnv } from '../src/config/env';
import { PublishNoticeArgsSchema } from '../src/features/site/schemas';
import { publishNotice } from '../src/features/site/server/notices';
import { closeDb } from '../src/server/db/client';

import { portInUse } from './lib/processes';

/**
 * `npm run notice:publish -- --title … --body … [--from ISO] [--until ISO] [--start ISO --end ISO] [--pdf file.pdf] [--name 表示名.pdf]`
 * Publishes a maintenance notice (optionally with a PDF) shown as a banner on every page.
 */
const USAGE = `使い方: npm run notice:publish -- --title "メンテナンスのお知らせ" --body "本文" \\
  [--from 2026-12-01T00:00+09:00] [--until 2026-12-05T00:00+09:00] \\
  [--start 2026-12-04T01:00+09:00 --end 2026-12-04T05:00+09:00] [--pdf notice.pdf] [--name 表示するファイル名.pdf]`;

async function main() {
  const { values } = parseArgs({
    options: Object.fromEntries(
      ['title', 'body', 'from', 'until', 'start', 'end', 'pdf', 'name'].map((k) => [k, { type: 'string' as const }]),
    ),
    strict: true,
  });
  const parsed = PublishNoticeArgsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => `--${String(i.path[0] ?? '')}: ${i.message}`).join('\n'));
    console.error(USAGE);
    process.exit(2);
  }
  const args = parsed.data;
  const env = getEnv();
  if (!env.DATABASE_URL && (await portInUse(env.PORT))) {
    console.error(
      '組み込みデータベース（PGlite）は1つのプロセスしか開けません。サービスを停止してから実行するか、DATABASE_URL で PostgreSQL を使ってください。',
    );
    process.exit(1);
  }
  let file: { name: string; bytes: Uint8Array; contentType: string } | undefined;
  if (args.pdf) {
    const bytes = fs.readFileSync(args.pdf);
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
      console.error(`${args.pdf} は PDF ファイルではありません。`);
      process.exit(2);
    }
    file = { name: args.name ?? path.basename(args.pdf), bytes, contentType: 'application/pdf' };
  }
  const result = await publishNotice({
    title: args.title,
    body: args.body,
    publishFrom: args.from ?? new Date(),
    publishUntil: args.until ?? null,
    maintenanceStart: args.start ?? null,
    maintenanceEnd: args.end ?? null,
    file,
  });
  console.log(`お知らせを登録しました（id: ${result.id}${result.fileId ? `、PDF: /api/s3/download/${result.fileId}` : ''}）。`);
  await closeDb();
}

main().catch(async (error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  await closeDb().catch(() => undefined);
  process.exit(1);
});
