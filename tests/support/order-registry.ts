import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { setEnvForTest } from '../../src/config/env';

/**
 * The registry the purchase integration tests order from: order creation reads the company from
 * the registry file (issue 12 §2), so each test process gets a small one of its own, pointed to
 * by REGISTRY_PATH (setEnvForTest) before the first request opens the registry. Child processes inherit it.
 */
export const REGISTRY_COMPANIES = {
  /** domain.md §1's renamed company: the name orders and receipts must show */
  renamed: { corporateNumber: '8040001999013', name: '株式会社商号変更後', kind: '301', address: '東京都千代田区丸の内一丁目1番1号' },
  toyota: { corporateNumber: '1180301018771', name: 'トヨタ自動車株式会社', kind: '301', address: '愛知県豊田市トヨタ町1番地' },
  /** closed (清算の結了): only 閉鎖事項全部証明書 */
  closed: { corporateNumber: '5111101000006', name: '株式会社清算済', kind: '301', address: '東京都千代田区丸の内一丁目1番1号' },
  /** 国税庁: a 国の機関, no commercial registry */
  agency: { corporateNumber: '7000012050002', name: '国税庁', kind: '101', address: '東京都千代田区霞が関三丁目1番1号' },
} as const;

/** A 法人番号 with a valid check digit that the test registry does not have. */
export const UNKNOWN_CORPORATE_NUMBER = '4000012090001';

export async function buildOrderRegistry(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-order-registry-')), 'registry.sqlite');
  setEnvForTest({ REGISTRY_PATH: file });
  const { buildRegistry, ntaRow } = await import('../../src/features/registry/testing');
  const row = (c: { corporateNumber: string; name: string; kind: string }, extra: Record<string, unknown> = {}) =>
    ntaRow({ corporateNumber: c.corporateNumber, name: c.name, kind: c.kind as '301', ...extra });
  buildRegistry(
    file,
    [
      row(REGISTRY_COMPANIES.renamed),
      row(REGISTRY_COMPANIES.toyota, {
        prefectureName: '愛知県',
        cityName: '豊田市',
        streetNumber: 'トヨタ町1番地',
        prefectureCode: '23',
        cityCode: '211',
        postCode: '4718571',
      }),
      row(REGISTRY_COMPANIES.closed, { process: '21', closeDate: '2020-03-31', closeCause: '01' }),
      row(REGISTRY_COMPANIES.agency, { streetNumber: '霞が関三丁目1番1号' }),
    ],
    { isSample: true },
  );
  return file;
}
