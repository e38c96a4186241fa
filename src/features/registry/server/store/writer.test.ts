import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NtaRow } from '@/features/registry/nta-types';
import { getCompany } from '../company/get-company';
import { searchCompanies } from '../search/search';
import { RegistryStore } from './store';
import { buildRegistry, nextCorporateNumber, ntaRow, tempDir } from '../../testing';
import { RegistryWriter, RegistryWriterError, readMeta } from './writer';
import { DOCID_STEP } from './incremental-index';

let dir: string;
let file: string;

beforeEach(() => {
  dir = tempDir();
  file = path.join(dir, 'registry.sqlite');
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The registry's source content, independent of row ids and build time. */
function dump(target = file) {
  const db = new Database(target, { readonly: true });
  try {
    return {
      company: db
        .prepare(
          'SELECT corporate_number, hihyoji, closed, prefecture_code, kind, name_norm, reading_norm, data FROM company ORDER BY corporate_number',
        )
        .all(),
      history: db
        .prepare('SELECT corporate_number, row_key, was_latest, hihyoji, data FROM history ORDER BY corporate_number, row_key')
        .all(),
      deleted: db.prepare('SELECT * FROM deleted ORDER BY corporate_number').all(),
      docs: (db.prepare('SELECT count(*) AS n FROM doc').get() as { n: number }).n,
    };
  } finally {
    db.close();
  }
}

function applyDiff(rows: readonly NtaRow[], target = file) {
  const writer = RegistryWriter.open({ targetPath: target, mode: 'update', cacheMiB: 8 });
  const stats = writer.applyRows(rows);
  writer.finish();
  return stats;
}

function storeOf(target = file) {
  return new RegistryStore(target, { checkIntervalMs: 0 });
}

function found(store: RegistryStore, q: string, includeClosed = false, prefecture?: string): string[] {
  const outcome = searchCompanies({ q, includeClosed, prefecture }, store);
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.result.items.map((i) => i.name);
}

describe('RegistryWriter', () => {
  const cn = '8040001999013';
  const base = () => [
    ntaRow({
      corporateNumber: cn,
      name: '株式会社商号変更前',
      furigana: 'ショウゴウヘンコウマエ',
      updateDate: '2015-10-05',
      changeDate: '2015-10-05',
    }),
    ntaRow({ name: '株式会社ほかの会社', furigana: 'ホカノカイシャ' }),
  ];

  it('building from the same rows twice gives the same registry, and re-applying them changes nothing', () => {
    const rows = base();
    const first = buildRegistry(file, rows);
    expect(first.stats).toMatchObject({ inserted: 2, unchanged: 0 });
    const before = dump();
    const again = applyDiff(rows);
    expect(again).toMatchObject({ inserted: 0, replaced: 0, history: 0, unchanged: 2 });
    expect(dump()).toEqual(before);
  });

  it('applying the same rows twice in one import is the same as once', () => {
    const rows = base();
    const writer = RegistryWriter.open({ targetPath: file, mode: 'new', cacheMiB: 8 });
    writer.applyRows(rows);
    expect(writer.applyRows(rows)).toMatchObject({ unchanged: 2 });
    writer.finish();
    const twice = dump();
    const single = path.join(dir, 'single.sqlite');
    buildRegistry(single, rows);
    expect(twice).toEqual(dump(single));
  });

  it('a name change keeps the old name as history and as a searchable 旧商号; replaying the diff changes nothing', () => {
    buildRegistry(file, base());
    const diff = [
      ntaRow({
        corporateNumber: cn,
        process: '11',
        name: '株式会社商号変更後',
        furigana: 'ショウゴウヘンコウゴ',
        updateDate: '2017-05-09',
        changeDate: '2017-05-09',
      }),
    ];
    expect(applyDiff(diff)).toMatchObject({ replaced: 1 });
    const after = dump();
    const store = storeOf();
    expect(found(store, '商号変更後')).toEqual(['株式会社商号変更後']);
    expect(found(store, '商号変更前')).toEqual(['株式会社商号変更後']);
    const company = getCompany(cn, store);
    expect(company.ok && company.company.history.map((h) => h.name)).toEqual(['株式会社商号変更前']);
    store.close();
    expect(applyDiff(diff)).toMatchObject({ unchanged: 1 });
    expect(dump()).toEqual(after);
  });

  it('a diff changes exactly the rows it names', () => {
    buildRegistry(file, base());
    const before = dump();
    applyDiff([
      ntaRow({
        corporateNumber: cn,
        process: '12',
        name: '株式会社商号変更前',
        updateDate: '2018-01-10',
        changeDate: '2018-01-05',
        prefectureCode: '27',
        prefectureName: '大阪府',
        cityName: '大阪市北区',
      }),
    ]);
    const after = dump();
    const others = (d: ReturnType<typeof dump>) =>
      d.company.filter((c) => (c as { corporate_number: number }).corporate_number !== Number(cn));
    expect(others(after)).toEqual(others(before));
    expect(after.history).toHaveLength(1);
    const store = storeOf();
    expect(found(store, '商号変更前', false, '27')).toEqual(['株式会社商号変更前']);
    expect(found(store, '商号変更前', false, '13')).toEqual([]);
    // The history row has the same name: it is not a 旧商号.
    const moved = searchCompanies({ q: '商号変更前' }, store);
    expect(moved.ok && moved.result.items[0]?.formerNames).toEqual([]);
    const company = getCompany(cn, store);
    expect(company.ok && company.company.history[0]?.address).toBe('東京都千代田区丸の内一丁目1番1号');
    store.close();
  });

  it('a closure hides the company from the default search and keeps cause and successor; a revival brings it back', () => {
    const successor = nextCorporateNumber();
    buildRegistry(file, base());
    applyDiff([
      ntaRow({
        corporateNumber: cn,
        process: '71',
        name: '株式会社商号変更前',
        updateDate: '2019-04-01',
        changeDate: '2019-03-31',
        closeDate: '2019-03-31',
        closeCause: '11',
        successorCorporateNumber: successor,
      }),
    ]);
    let store = storeOf();
    expect(found(store, '商号変更前')).toEqual([]);
    const closed = searchCompanies({ q: '商号変更前', includeClosed: true }, store);
    expect(closed.ok && closed.result.items[0]).toMatchObject({
      closed: true,
      closeDate: '2019-03-31',
      closeCauseLabel: '合併による解散等',
      successorCorporateNumber: successor,
    });
    store.close();
    applyDiff([
      ntaRow({ corporateNumber: cn, process: '22', name: '株式会社商号変更前', updateDate: '2019-06-01', changeDate: '2019-05-31' }),
    ]);
    store = storeOf();
    expect(found(store, '商号変更前')).toEqual(['株式会社商号変更前']);
    const company = getCompany(cn, store);
    expect(company.ok && company.company.history.map((h) => h.process)).toEqual(['71', '01']);
    store.close();
  });

  it('a deletion (99) removes the company, and older rows replayed later do not bring it back', () => {
    const rows = base();
    buildRegistry(file, rows);
    const stats = applyDiff([
      ntaRow({ corporateNumber: cn, process: '99', name: '株式会社商号変更前', updateDate: '2020-01-06', changeDate: '2020-01-06' }),
    ]);
    expect(stats.deleted).toBe(1);
    expect(applyDiff(rows)).toMatchObject({ ignored: 1, unchanged: 1 });
    const store = storeOf();
    expect(found(store, '商号変更前', true)).toEqual([]);
    expect(getCompany(cn, store)).toMatchObject({ ok: false, code: 'not_found' });
    store.close();
  });

  it('an older row arriving after a newer one is filed as history, not made current', () => {
    buildRegistry(file, [ntaRow({ corporateNumber: cn, name: '株式会社新しい名前', updateDate: '2021-01-01', changeDate: '2021-01-01' })]);
    expect(
      applyDiff([ntaRow({ corporateNumber: cn, name: '株式会社古い名前', updateDate: '2016-01-01', changeDate: '2016-01-01' })]),
    ).toMatchObject({ history: 1 });
    const store = storeOf();
    expect(found(store, '古い名前')).toEqual(['株式会社新しい名前']);
    store.close();
  });

  it('hihyoji rows are never searchable or returned, until a later row lifts the flag', () => {
    const hidden = nextCorporateNumber();
    buildRegistry(file, [ntaRow({ corporateNumber: hidden, name: '株式会社非表示', hihyoji: true })]);
    let store = storeOf();
    expect(found(store, '非表示', true)).toEqual([]);
    expect(getCompany(hidden, store)).toMatchObject({ ok: false, code: 'not_found' });
    store.close();
    applyDiff([ntaRow({ corporateNumber: hidden, name: '株式会社非表示', updateDate: '2022-01-01', changeDate: '2022-01-01' })]);
    store = storeOf();
    expect(found(store, '非表示')).toEqual(['株式会社非表示']);
    store.close();
  });

  it('a hidden history row is neither a searchable 旧商号 nor part of the history shown', () => {
    const company = nextCorporateNumber();
    buildRegistry(file, [
      ntaRow({
        corporateNumber: company,
        name: '株式会社隠れた旧名',
        latest: false,
        hihyoji: true,
        updateDate: '2016-01-01',
        changeDate: '2016-01-01',
      }),
      ntaRow({ corporateNumber: company, name: '株式会社今の名前', process: '11' }),
    ]);
    const store = storeOf();
    expect(found(store, '隠れた旧名')).toEqual([]);
    const detail = getCompany(company, store);
    expect(detail.ok && detail.company.history).toEqual([]);
    expect(detail.ok && detail.company.formerNames).toEqual([]);
    store.close();
  });

  it('records meta: sample flag (kept by updates), sources and counts', () => {
    const writer = RegistryWriter.open({ targetPath: file, mode: 'new', isSample: true, cacheMiB: 8 });
    writer.applyRows(base());
    writer.addSource({ file: 'sample.csv', kind: 'full', date: '2026-01-30', rows: 2, errors: 0 });
    const result = writer.finish();
    expect(result).toMatchObject({ isSample: true, companies: 2, searchable: 2, hidden: 0 });
    const update = RegistryWriter.open({ targetPath: file, mode: 'update', cacheMiB: 8 });
    update.addSource({ file: 'diff_20260201.csv', kind: 'diff', date: '2026-02-01', rows: 0, errors: 0 });
    update.finish();
    const db = new Database(file, { readonly: true });
    const meta = readMeta(db);
    db.close();
    expect(meta?.isSample).toBe(true);
    expect(meta?.sources.map((s) => s.file)).toEqual(['sample.csv', 'diff_20260201.csv']);
    expect(meta?.buildId).not.toBe(result.buildId);
  });

  it('refuses to update a registry that does not exist', () => {
    expect(() => RegistryWriter.open({ targetPath: file, mode: 'update' })).toThrow(RegistryWriterError);
  });

  it('abort leaves the target untouched and removes the temporary file', () => {
    buildRegistry(file, base());
    const before = dump();
    const writer = RegistryWriter.open({ targetPath: file, mode: 'update', cacheMiB: 8 });
    writer.applyRows([ntaRow({ name: '株式会社途中' })]);
    writer.abort();
    expect(dump()).toEqual(before);
    expect(fs.existsSync(writer.tempPath)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['registry.sqlite']);
  });

  describe('the daily update changes the index in place (docs/decisions/0135)', () => {
    /** The index as the search sees it: documents in docid order, prefecture ranges, 市区町村, statistics. */
    function index(target: string) {
      const db = new Database(target, { readonly: true });
      try {
        return {
          docs: db
            .prepare(
              `SELECT c.corporate_number, d.closed, d.prefecture_code, d.kind, d.name_norm, d.reading_norm, d.address_norm, d.former_norm, d.former_names
                 FROM doc d JOIN company c ON c.id = d.company_id ORDER BY d.docid`,
            )
            .all(),
          segments: db
            .prepare(
              `SELECT s.closed, s.prefecture_code, (SELECT count(*) FROM doc WHERE docid BETWEEN s.first_docid AND s.last_docid) AS n
                 FROM doc_segment s ORDER BY 1, 2`,
            )
            .all(),
          city: db.prepare('SELECT * FROM city ORDER BY 1, 2').all(),
          counts: readMeta(db)?.counts,
        };
      } finally {
        db.close();
      }
    }
    const company = (name: string, furigana: string, overrides: Partial<NtaRow> = {}) =>
      ntaRow({ name, furigana, updateDate: '2020-01-06', changeDate: '2020-01-06', ...overrides });

    it('gives the same documents, order, ranges and search results as a full rebuild', () => {
      const a = company('株式会社アオバ', 'アオバ');
      const b = company('株式会社イチョウ', 'イチョウ');
      const c = company('株式会社ウメ', 'ウメ', {
        prefectureCode: '27',
        prefectureName: '大阪府',
        cityName: '大阪市北区',
        cityCode: '127',
      });
      const d = company('株式会社エノキ', 'エノキ');
      const e = company('合同会社オーク', 'オーク', { hihyoji: true });
      const start = [a, b, c, d, e];
      const day: NtaRow[] = [
        // a new company between two others, a renamed one (moves in the order, keeps its 旧商号),
        // a closed one (moves to the closed range), one moved to another prefecture, one deleted,
        // a hidden one shown again
        company('株式会社アカシア', 'アカシア'),
        { ...a, process: '11' as const, name: '株式会社ワカバ', furigana: 'ワカバ', updateDate: '2020-02-03', changeDate: '2020-02-03' },
        {
          ...b,
          process: '21' as const,
          closeDate: '2020-02-01',
          closeCause: '01' as const,
          updateDate: '2020-02-03',
          changeDate: '2020-02-01',
        },
        {
          ...c,
          process: '12' as const,
          prefectureCode: '13',
          prefectureName: '東京都',
          cityName: '港区',
          cityCode: '103',
          updateDate: '2020-02-03',
        },
        { ...d, process: '99' as const, updateDate: '2020-02-03' },
        { ...e, process: '22' as const, hihyoji: false, updateDate: '2020-02-03' },
      ];
      buildRegistry(file, start);
      applyDiff(day);
      const rebuilt = path.join(dir, 'rebuilt.sqlite');
      buildRegistry(rebuilt, [...start, ...day]);
      const updated = index(file);
      expect(updated.docs.map((x) => (x as { name_norm: string }).name_norm)).toEqual(['アカシア', 'ウメ', 'オーク', 'ワカバ', 'イチヨウ']);
      expect(updated).toEqual(index(rebuilt));
      const store = storeOf();
      expect(found(store, 'アオバ')).toEqual(['株式会社ワカバ']);
      expect(found(store, 'イチョウ')).toEqual([]);
      expect(found(store, 'イチョウ', true)).toEqual(['株式会社イチョウ']);
      expect(found(store, 'エノキ')).toEqual([]);
      expect(found(store, 'ウメ', false, '13')).toEqual(['株式会社ウメ']);
      expect(found(store, 'ウメ', false, '27')).toEqual([]);
      expect(found(store, 'オーク')).toEqual(['合同会社オーク']);
      store.close();
    });

    it('rebuilds the whole index when the gap between two documents is used up', () => {
      buildRegistry(file, [company('株式会社アア', 'アア'), company('株式会社アイ', 'アイ')]);
      // Each new company sorts just before the last one put in: the gap halves every time.
      const readings = ['アイ', 'アアン', 'アアワ', 'アアル', 'アアラ', 'アアヨ', 'アアユ', 'アアヤ'];
      const writes: string[] = [];
      for (const reading of readings.slice(1)) {
        const writer = RegistryWriter.open({ targetPath: file, mode: 'update', cacheMiB: 8 });
        writer.applyRows([company(`株式会社${reading}`, reading)]);
        writes.push(writer.finish().index);
      }
      // 32 → 16 → 8 → 4 → 2 → 1: the sixth has no docid left; after the rebuild the gaps are back.
      expect(writes).toEqual(['updated', 'updated', 'updated', 'updated', 'updated', 'built', 'updated']);
      const db = new Database(file, { readonly: true });
      const docids = db.prepare('SELECT docid FROM doc ORDER BY docid').pluck().all();
      db.close();
      expect(docids.slice(0, 3)).toEqual([DOCID_STEP, DOCID_STEP + DOCID_STEP / 2, 2 * DOCID_STEP]);
      const store = storeOf();
      expect(found(store, 'ア')).toHaveLength(9);
      store.close();
    });
  });
});
