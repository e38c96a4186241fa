/**
 * Builds the postal-code file the app reads (assets/postal/postal-codes.tsv.gz) from Japan Post's
 * downloads, or from the data bundled in the npm package jquery-jpostal-ja (docs/api.md).
 *
 *   npm run postcode:import -- KEN_ALL.zip JIGYOSYO.zip [--out path] [--version text]
 *   npm run postcode:import -- --from-jpostal <jquery-jpostal-ja/json> [--out path] [--version text]
 */
import { parseArgs } from 'node:util';

import { importPostalCodes, PostcodeImportError } from '@/features/address/server/postcode-import';
import { POSTAL_FILE } from '@/features/address/server/postal-index';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { out: { type: 'string' }, version: { type: 'string' }, 'from-jpostal': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length === 0 && !values['from-jpostal']) {
    console.error(
      '使い方: npm run postcode:import -- KEN_ALL.zip JIGYOSYO.zip [--out path] [--version text]\n' +
        '        npm run postcode:import -- --from-jpostal <jquery-jpostal-ja/json> [--out path] [--version text]',
    );
    process.exit(2);
  }
  const out = values.out ?? POSTAL_FILE;
  const started = performance.now();
  try {
    const s = await importPostalCodes({ files: positionals, jpostalDir: values['from-jpostal'], out, version: values.version });
    const fmt = (n: number) => n.toLocaleString('ja-JP');
    console.log(
      [
        `郵便番号データを書き込みました (written): ${out}`,
        `  ${s.version}`,
        `  郵便番号 ${fmt(s.codes)} 件（住所 ${fmt(s.areaRows)} 行・事業所 ${fmt(s.businessRows)} 行）、${fmt(s.bytes)} バイト`,
        `  ${((performance.now() - started) / 1000).toFixed(1)} 秒`,
      ].join('\n'),
    );
  } catch (err) {
    console.error(err instanceof PostcodeImportError ? err.message : err);
    process.exitCode = 1;
  }
}

void main();
