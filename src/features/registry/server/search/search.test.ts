import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchOutcome, SearchResultSchema } from '../../schemas';
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE } from '../../search-rules';
import { type KindCode, type NtaRow, withCheckDigit } from '@/features/registry';
import { RegistryStore, getCompany } from '@/features/registry/index.server';
import { ADDRESS_GRAM, ADDRESS_SEP } from '../store/index-tokens';
import { buildRegistry, nextCorporateNumber, ntaRow, tempDir } from '@/features/registry/testing';
import { type SearchCompaniesParams, searchCompanies } from './search';

const dir = tempDir();
const file = path.join(dir, 'registry.sqlite');
let store: RegistryStore;

const CHANGED = '8040001999013'; // domain.md §1: 株式会社商号変更前 → 株式会社商号変更後

const fixture = [
  ntaRow({ name: 'トヨタ自動車株式会社', furigana: 'トヨタジドウシャ', prefectureCode: '23', prefectureName: '愛知県' }),
  ntaRow({ name: '株式会社豊田自動織機', furigana: 'トヨタジドウショッキ', prefectureCode: '23', prefectureName: '愛知県' }),
  ntaRow({ name: '株式会社Ｔ＆Ｍコンサルティング', furigana: 'ティーアンドエムコンサルティング' }),
  ntaRow({
    name: 'ソニー株式会社',
    furigana: 'ソニー',
    postCode: '1080075',
    cityName: '港区',
    cityCode: '103',
    streetNumber: '港南１丁目７番１号',
  }),
  ntaRow({
    name: 'ソニーグループ株式会社',
    furigana: 'ソニーグループ',
    enName: 'Sony Group Corporation',
    postCode: '1080075',
    cityName: '港区',
    cityCode: '103',
    streetNumber: '港南1-7-1',
  }),
  ntaRow({
    name: '港南閉鎖株式会社',
    furigana: 'コウナンヘイサ',
    postCode: '1080075',
    process: '21',
    closeDate: '2020-03-31',
    closeCause: '01',
  }),
  ntaRow({ name: '港南合同会社', kind: '305', furigana: 'コウナン', postCode: '1080075' }),
  ntaRow({
    name: 'マクドナルド株式会社',
    furigana: 'マクドナルド',
    enName: "McDonald's Company (Japan), Ltd.",
    prefectureCode: '27',
    prefectureName: '大阪府',
  }),
  ntaRow({ name: '株式会社ソニックス', furigana: 'ソニックス', enName: 'Sonix Inc.', prefectureCode: '27', prefectureName: '大阪府' }),
  ntaRow({
    name: '株式会社ソノリ閉鎖',
    furigana: 'ソノリヘイサ',
    enName: 'Sony Closed Inc.',
    process: '21',
    closeDate: '2020-03-31',
    closeCause: '01',
  }),
  ntaRow({ name: '株式会社髙橋建設', furigana: 'タカハシケンセツ', prefectureCode: '01', prefectureName: '北海道' }),
  ntaRow({ name: '山﨑商事有限会社', kind: '302', furigana: 'ヤマザキショウジ', prefectureCode: '27', prefectureName: '大阪府' }),
  ntaRow({ name: '日本建設株式会社', furigana: 'ニホンケンセツ' }),
  ntaRow({ name: '株式会社日本', furigana: 'ニホン', prefectureCode: '31', prefectureName: '鳥取県' }),
  ntaRow({ name: '東日本建設工業株式会社', furigana: 'ヒガシニホンケンセツコウギョウ', prefectureCode: '04', prefectureName: '宮城県' }),
  ntaRow({ name: '株式会社日本閉鎖商会', furigana: 'ニホンヘイサショウカイ', process: '21', closeDate: '2020-03-31', closeCause: '01' }),
  ntaRow({ name: '株式会社日本秘匿', furigana: 'ニホンヒトク', hihyoji: true }),
  ntaRow({ corporateNumber: CHANGED, name: '株式会社商号変更前', latest: false, updateDate: '2015-10-05', changeDate: '2015-10-05' }),
  ntaRow({
    corporateNumber: CHANGED,
    name: '株式会社商号変更後',
    process: '11',
    updateDate: '2017-05-09',
    changeDate: '2017-05-09',
    furigana: 'ショウゴウヘンコウゴ',
  }),
  ntaRow({ name: '合同会社日本ラボ', kind: '305', furigana: 'ニホンラボ', prefectureCode: '14', prefectureName: '神奈川県' }),
  ntaRow({ name: '株式会社ア', furigana: 'ア' }),
  // The address field (所在地): 漢数字 and digit forms of 丁目, 番/号 and hyphens, ヶ and が.
  ntaRow({ name: '株式会社ヤエス精機', furigana: 'ヤエスセイキ', streetNumber: '丸の内二丁目７番２号' }),
  ntaRow({ name: '株式会社オーテ通信', furigana: 'オーテツウシン', streetNumber: '大手町１丁目５－１' }),
  ntaRow({ name: '株式会社オーテ二十一', furigana: 'オーテニジュウイチ', streetNumber: '大手町二十一丁目３番地' }),
  ntaRow({ name: '株式会社カスミ精工', furigana: 'カスミセイコウ', streetNumber: '霞ヶ関３丁目１番１号' }),
  // Substring semantics: 2-7-2 is 二丁目, 二十丁目 is not; 緑町1-2-21-2 holds 町1-2 and 21-2 but not
  // 町1-21-2 (one index token of up to ADDRESS_GRAM_MAX characters; beyond, see the next blocks).
  ntaRow({ name: '株式会社丸内二番', furigana: 'マルノウチニバン', streetNumber: '丸の内２－７－２' }),
  ntaRow({ name: '株式会社丸内二十', furigana: 'マルノウチニジュウ', streetNumber: '丸の内二十丁目３番' }),
  ntaRow({ name: '株式会社緑町商会', furigana: 'ミドリチョウショウカイ', streetNumber: '緑町1-21-2' }),
  ntaRow({ name: '株式会社緑町十一', furigana: 'ミドリチョウジュウイチ', streetNumber: '緑町１１丁目２１番２号' }),
  ntaRow({ name: '株式会社緑町分割', furigana: 'ミドリチョウブンカツ', streetNumber: '緑町1-2-21-2' }),
  ntaRow({
    name: 'Example Holdings Limited',
    kind: '401',
    prefectureCode: null,
    prefectureName: null,
    cityName: null,
    streetNumber: null,
    cityCode: null,
    postCode: null,
    addressOutside: 'New York, USA',
    furigana: 'エグザンプルホールディングスリミテッド',
    enName: 'Example Holdings Limited',
  }),
];

beforeAll(() => {
  buildRegistry(file, fixture, { isSample: true });
  store = new RegistryStore(file, { checkIntervalMs: 0 });
});
afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function search(params: SearchCompaniesParams): SearchOutcome {
  const outcome = searchCompanies(params, store);
  if (outcome.ok) SearchResultSchema.parse(outcome.result);
  return outcome;
}

function names(params: SearchCompaniesParams): string[] {
  const outcome = search(params);
  if (!outcome.ok) throw new Error(`search failed: ${outcome.code}`);
  return outcome.result.items.map((i) => i.name);
}

/** A registry of `rows()` built before the block's tests and removed after them; the getter gives its open store. */
function registryFixture(rows: () => NtaRow[]): () => RegistryStore {
  const dir = tempDir();
  const file = path.join(dir, 'registry.sqlite');
  let opened: RegistryStore;
  beforeAll(() => {
    buildRegistry(file, rows());
    opened = new RegistryStore(file, { checkIntervalMs: 0 });
  });
  afterAll(() => {
    opened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => opened;
}

/** Every page of a search, following the cursor to the end, each page checked against the schema. */
function allPages(params: SearchCompaniesParams, store: RegistryStore) {
  const pages = [];
  let cursor: string | undefined;
  for (;;) {
    const outcome = searchCompanies({ ...params, cursor }, store);
    if (!outcome.ok) throw new Error(outcome.code);
    SearchResultSchema.parse(outcome.result);
    pages.push(outcome.result);
    if (outcome.result.nextCursor === null) return pages;
    cursor = outcome.result.nextCursor;
  }
}

describe('searchCompanies — query table', () => {
  it.each<[string, SearchCompaniesParams, string[]]>([
    ['katakana finds the name and, by reading, a kanji name', { q: 'トヨタ' }, ['トヨタ自動車株式会社', '株式会社豊田自動織機']],
    ['half-width kana', { q: 'ﾄﾖﾀ' }, ['トヨタ自動車株式会社', '株式会社豊田自動織機']],
    ['hiragana', { q: 'とよた' }, ['トヨタ自動車株式会社', '株式会社豊田自動織機']],
    ['a legal form in the query is ignored', { q: '株式会社トヨタ' }, ['トヨタ自動車株式会社', '株式会社豊田自動織機']],
    ['T&M', { q: 'T&M' }, ['株式会社Ｔ＆Ｍコンサルティング']],
    ['full-width Ｔ＆Ｍ', { q: 'Ｔ＆Ｍ' }, ['株式会社Ｔ＆Ｍコンサルティング']],
    ['exact name before prefix', { q: 'ソニー' }, ['ソニー株式会社', 'ソニーグループ株式会社']],
    ['hiragana long vowel', { q: 'そにー' }, ['ソニー株式会社', 'ソニーグループ株式会社']],
    ['half-width long vowel', { q: 'ｿﾆｰ' }, ['ソニー株式会社', 'ソニーグループ株式会社']],
    ['a modern form finds the old form 髙', { q: '高橋' }, ['株式会社髙橋建設']],
    ['the old form 髙 finds itself', { q: '髙橋' }, ['株式会社髙橋建設']],
    ['a modern form finds 﨑', { q: '山崎' }, ['山﨑商事有限会社']],
    ['a single old-form character', { q: '﨑' }, ['山﨑商事有限会社']],
    [
      'exact, then prefix (JIS prefecture order), then substring; closed and hidden left out',
      { q: '日本' },
      ['株式会社日本', '日本建設株式会社', '合同会社日本ラボ', '東日本建設工業株式会社'],
    ],
    [
      'closed companies after the active ones of the same class',
      { q: '日本', includeClosed: true },
      ['株式会社日本', '日本建設株式会社', '合同会社日本ラボ', '株式会社日本閉鎖商会', '東日本建設工業株式会社'],
    ],
    ['prefecture filter', { q: '日本', prefecture: '13' }, ['日本建設株式会社']],
    ['prefecture filter with closed', { q: '日本', prefecture: '13', includeClosed: true }, ['日本建設株式会社', '株式会社日本閉鎖商会']],
    ['small prefecture', { q: '日本', prefecture: '31' }, ['株式会社日本']],
    ['kind filter', { q: '日本', kind: ['305'] }, ['合同会社日本ラボ']],
    ['two kinds', { q: '日本', kind: ['305', '302'] }, ['合同会社日本ラボ']],
    ['reading prefix in hiragana', { q: 'にほん' }, ['日本建設株式会社', '合同会社日本ラボ', '株式会社日本']],
    ['7-character reading prefix', { q: 'ニホンケンセツ' }, ['日本建設株式会社']],
    ['10-character reading prefix (indexed length)', { q: 'ひがしにほんけんせつ' }, ['東日本建設工業株式会社']],
    ['11-character reading prefix (confirmed)', { q: 'ひがしにほんけんせつこ' }, ['東日本建設工業株式会社']],
    ['whole 15-character reading', { q: 'ひがしにほんけんせつこうぎょう' }, ['東日本建設工業株式会社']],
    ['a long reading that differs in its last character', { q: 'ひがしにほんけんせつこうぎょお' }, []],
    ['6-character substring', { q: '日本建設工業' }, ['東日本建設工業株式会社']],
    ['substring in JIS prefecture order', { q: '建設' }, ['株式会社髙橋建設', '東日本建設工業株式会社', '日本建設株式会社']],
    ['long katakana substring', { q: 'コンサルティング' }, ['株式会社Ｔ＆Ｍコンサルティング']],
    ['former name (旧商号)', { q: '商号変更前' }, ['株式会社商号変更後']],
    ['current name after a change', { q: '商号変更後' }, ['株式会社商号変更後']],
    ['hidden (hihyoji) company never found', { q: '秘匿' }, []],
    ['one character', { q: 'ア' }, ['株式会社ア']],
    ['a company abroad, by Latin letters in any case', { q: 'EXAMPLE' }, ['Example Holdings Limited']],
    ['an English name word: sony → Sony Group Corporation', { q: 'sony' }, ['ソニーグループ株式会社']],
    ['an English name in capitals', { q: 'SONY' }, ['ソニーグループ株式会社']],
    ['an English word prefix', { q: 'son' }, ['ソニーグループ株式会社', '株式会社ソニックス']],
    ['English words in any order', { q: 'corporation sony' }, ['ソニーグループ株式会社']],
    ['every English word must match', { q: 'sony inc' }, []],
    ['an English name with an apostrophe', { q: "mcdonald's" }, ['マクドナルド株式会社']],
    ['an English name without the apostrophe', { q: 'McDonalds japan' }, ['マクドナルド株式会社']],
    ['English name with the prefecture filter', { q: 'son', prefecture: '27' }, ['株式会社ソニックス']],
    ['English name: closed only when asked', { q: 'sony', includeClosed: true }, ['ソニーグループ株式会社', '株式会社ソノリ閉鎖']],
    ['a Japanese match comes before the English one, listed once', { q: 'example' }, ['Example Holdings Limited']],
    ['a word inside an English word is not a match', { q: 'ony' }, []],
    ['a postal code: the companies registered there', { q: '1080075' }, ['港南合同会社', 'ソニー株式会社', 'ソニーグループ株式会社']],
    [
      'a postal code with hyphen and 〒 in full width',
      { q: '〒１０８－００７５' },
      ['港南合同会社', 'ソニー株式会社', 'ソニーグループ株式会社'],
    ],
    [
      'a postal code, closed included',
      { q: '108-0075', includeClosed: true },
      ['港南合同会社', 'ソニー株式会社', 'ソニーグループ株式会社', '港南閉鎖株式会社'],
    ],
    ['a postal code with the kind filter', { q: '108-0075', kind: ['305'] }, ['港南合同会社']],
    ['a postal code nobody is registered at', { q: '108-0076' }, []],
    ['市区町村 filter', { q: 'ソニー', prefecture: '13', city: '103' }, ['ソニー株式会社', 'ソニーグループ株式会社']],
    ['市区町村 filter, another city', { q: 'ソニー', prefecture: '13', city: '101' }, []],
    ['市区町村 filter with a substring query', { q: '日本', prefecture: '13', city: '101' }, ['日本建設株式会社']],
    ['市区町村 filter with an English query', { q: 'sony', prefecture: '13', city: '103' }, ['ソニーグループ株式会社']],
    ['市区町村 filter with a postal code', { q: '1080075', prefecture: '13', city: '103' }, ['ソニー株式会社', 'ソニーグループ株式会社']],
    ['the same 市区町村 code in another prefecture', { q: 'ソニー', prefecture: '27', city: '103' }, []],
    ['address alone: 2丁目 finds 二丁目 and 2-7-2, not 二十丁目', { address: '丸の内2丁目' }, ['株式会社丸内二番', '株式会社ヤエス精機']],
    ['address typed with 漢数字', { address: '丸の内二丁目' }, ['株式会社丸内二番', '株式会社ヤエス精機']],
    [
      'address: 丸の内2 (no 丁目) is a plain substring',
      { address: '丸の内2' },
      ['株式会社丸内二十', '株式会社丸内二番', '株式会社ヤエス精機'],
    ],
    ['address: 丸の内20丁目 finds 二十丁目 only', { address: '丸の内20丁目' }, ['株式会社丸内二十']],
    ['address typed with full-width hyphens', { address: '丸の内２－７－２' }, ['株式会社丸内二番', '株式会社ヤエス精機']],
    ['address typed with 番 and 号', { address: '２丁目７番２号' }, ['株式会社丸内二番', '株式会社ヤエス精機']],
    ['address: 3 characters are one index token', { address: '町1-' }, ['株式会社オーテ通信', '株式会社緑町商会', '株式会社緑町分割']],
    ['address: 4 characters are one index token', { address: '21-2' }, ['株式会社緑町商会', '株式会社緑町十一', '株式会社緑町分割']],
    ['address: 町1-21-2 is not 町11-21-2 nor 町1-2-21-2 (one token)', { address: '町1-21-2' }, ['株式会社緑町商会']],
    ['address: 1-21-2 is a plain substring of 11-21-2', { address: '1-21-2' }, ['株式会社緑町商会', '株式会社緑町十一']],
    ['address: 番 and 号 typed for a hyphenated address', { address: '緑町1番21号' }, ['株式会社緑町商会']],
    ['address: a long address from the 都道府県', { address: '東京都千代田区緑町1丁目21番2号' }, ['株式会社緑町商会']],
    ['address: a long address that differs in its last number', { address: '東京都千代田区緑町1丁目21番3号' }, []],
    ['address: 大手町1 finds 大手町１丁目５－１', { address: '大手町1' }, ['株式会社オーテ通信']],
    ['address: 大手町2 is a substring of 大手町21丁目', { address: '大手町2' }, ['株式会社オーテ二十一']],
    ['address: 大手町2丁目 is not 大手町21丁目', { address: '大手町2丁目' }, []],
    ['address: 二十一丁目 and 21-3', { address: '大手町21-3' }, ['株式会社オーテ二十一']],
    ['address: 霞が関 finds 霞ヶ関', { address: '霞が関３' }, ['株式会社カスミ精工']],
    ['address: two characters (one index token)', { address: '港南' }, ['ソニー株式会社', 'ソニーグループ株式会社']],
    ['address: 都道府県 + 市区町村 + 町名', { address: '東京都港区港南' }, ['ソニー株式会社', 'ソニーグループ株式会社']],
    ['address: spaces and a different number form', { address: '港南 1丁目7-1' }, ['ソニー株式会社', 'ソニーグループ株式会社']],
    [
      'address with the prefecture and 市区町村 filters',
      { address: '港南', prefecture: '13', city: '103' },
      ['ソニー株式会社', 'ソニーグループ株式会社'],
    ],
    ['address with another 市区町村', { address: '港南', prefecture: '13', city: '101' }, []],
    ['address with another prefecture', { address: '港南', prefecture: '27' }, []],
    ['address and a name', { q: 'グループ', address: '港南1' }, ['ソニーグループ株式会社']],
    ['address and a name matched elsewhere', { q: 'ソニー', address: '大手町' }, []],
    ['address and a name: the name classes stay', { q: 'ソニー', address: '港南１－７' }, ['ソニー株式会社', 'ソニーグループ株式会社']],
    ['address and an English name', { q: 'sony', address: '港南' }, ['ソニーグループ株式会社']],
    ['address and a postal code', { q: '〒108-0075', address: '港南1' }, ['ソニー株式会社', 'ソニーグループ株式会社']],
    ['address of a closed company only when asked', { address: '丸の内1-1-1', kind: ['301'], q: '閉鎖' }, []],
    [
      'address of a closed company, closed included',
      { address: '丸の内1-1-1', q: '閉鎖', includeClosed: true },
      ['港南閉鎖株式会社', '株式会社ソノリ閉鎖', '株式会社日本閉鎖商会'],
    ],
    ['法人番号', { q: CHANGED }, ['株式会社商号変更後']],
    ['法人番号 in full-width digits', { q: '８０４０００１９９９０１３' }, ['株式会社商号変更後']],
    ['法人番号 with hyphens', { q: '8040-0019-99013' }, ['株式会社商号変更後']],
    ['適格請求書発行事業者登録番号 (T + 法人番号)', { q: 'T8040001999013' }, ['株式会社商号変更後']],
    ['会社法人等番号 as the record page prints it (the 法人番号 without its check digit)', { q: '0400-01-999013' }, ['株式会社商号変更後']],
    ['会社法人等番号 bare, in full-width digits', { q: '０４０００１９９９０１３' }, ['株式会社商号変更後']],
  ])('%s', (_, params, expected) => {
    expect(names(params)).toEqual(expected);
  });

  it('says a 12-digit query was read as a 会社法人等番号', () => {
    const outcome = search({ q: '0400-01-999013' });
    expect(outcome.ok && outcome.result.query).toEqual({ normalized: CHANGED, type: 'company_legal_number' });
  });

  it('labels an English name match and returns the English name', () => {
    const sony = search({ q: 'Sony Group' });
    expect(sony.ok && sony.result.items).toMatchObject([
      { name: 'ソニーグループ株式会社', match: 'en_name', enName: 'Sony Group Corporation' },
    ]);
    expect(sony.ok && sony.result.count).toBe(1);
    const example = search({ q: 'example' });
    expect(example.ok && example.result.items.map((i) => i.match)).toEqual(['prefix']);
    expect(example.ok && example.result.count).toBe(1);
    const son = search({ q: 'son' });
    expect(son.ok && son.result.count).toBe(2);
  });

  it('says the query was a postal code and labels the results so', () => {
    const outcome = search({ q: '〒108-0075' });
    expect(outcome.ok && outcome.result.query).toEqual({ normalized: '1080075', type: 'post_code' });
    expect(outcome.ok && outcome.result.count).toBe(3);
    expect(outcome.ok && new Set(outcome.result.items.map((i) => i.match))).toEqual(new Set(['post_code']));
  });

  it('lists the 市区町村 of a prefecture that the registry holds companies in (hidden ones not counted)', () => {
    const state = store.acquire();
    if (!state.ok) throw new Error('registry unavailable');
    const tokyo = state.registry.cities('13');
    expect(tokyo.map((c) => [c.code, c.name])).toEqual([
      ['101', '千代田区'],
      ['103', '港区'],
    ]);
    expect(tokyo.find((c) => c.code === '103')?.companies).toBe(2);
    expect(state.registry.cities('31').map((c) => c.code)).toEqual(['101']);
    expect(state.registry.cities('46')).toEqual([]);
  });

  it('labels how each result matched', () => {
    const toyota = search({ q: 'とよた' });
    expect(toyota.ok && toyota.result.items.map((i) => i.match)).toEqual(['prefix', 'reading']);
    const nihon = search({ q: '日本' });
    expect(nihon.ok && nihon.result.items.map((i) => i.match)).toEqual(['exact', 'prefix', 'prefix', 'substring']);
    const former = search({ q: '商号変更前' });
    expect(former.ok && former.result.items[0]).toMatchObject({
      match: 'former_name',
      matchedFormerName: '株式会社商号変更前',
      formerNames: ['株式会社商号変更前'],
    });
  });

  it('returns the display fields of a result', () => {
    const outcome = search({ q: '日本閉鎖', includeClosed: true });
    expect(outcome.ok && outcome.result.items[0]).toMatchObject({
      name: '株式会社日本閉鎖商会',
      furigana: 'ニホンヘイサショウカイ',
      kind: '301',
      kindLabel: '株式会社',
      address: '東京都千代田区丸の内一丁目1番1号',
      closed: true,
      closeDate: '2020-03-31',
      closeCauseLabel: '清算の結了等',
    });
    const abroad = search({ q: 'example' });
    expect(abroad.ok && abroad.result.items[0]?.address).toBe('New York, USA');
  });

  it('says the registry is sample data when it is', () => {
    const outcome = search({ q: 'ソニー' });
    expect(outcome.ok && outcome.result.registry.isSample).toBe(true);
  });

  it('rejects a 法人番号 with a wrong check digit with a Japanese message', () => {
    const outcome = search({ q: '8040001999014' });
    expect(outcome).toMatchObject({ ok: false, code: 'invalid_check_digit' });
    expect(!outcome.ok && outcome.message).toMatch(/法人番号/);
  });

  it('labels an address-only search and its results so', () => {
    const found = search({ address: '丸の内二丁目' });
    expect(found.ok && found.result.query).toEqual({ normalized: '丸の内2-', type: 'address', address: '丸の内2-' });
    expect(found.ok && found.result.items.map((i) => [i.name, i.match, i.address])).toEqual([
      ['株式会社丸内二番', 'address', '東京都千代田区丸の内２－７－２'],
      ['株式会社ヤエス精機', 'address', '東京都千代田区丸の内二丁目７番２号'],
    ]);
    const both = search({ q: 'ソニー', address: '港南' });
    expect(both.ok && both.result.query).toEqual({ normalized: 'ソニー', type: 'text', address: '港南' });
    expect(both.ok && both.result.items.map((i) => i.match)).toEqual(['exact', 'prefix']);
  });

  it('rejects an address with fewer than 2 characters after normalisation', () => {
    for (const address of ['町', '・ 1', '－']) {
      expect(search({ address })).toMatchObject({ ok: false, code: 'address_too_short', message: expect.stringContaining('2文字以上') });
    }
  });

  it('treats FTS5 syntax in the query as text: ", *, NEAR, AND, ( never break the search (issue 25 §7)', () => {
    for (const q of [
      '"',
      '株式会社"日本',
      'ソニー*',
      '*',
      'NEAR',
      'NEAR(ソニー 日本)',
      'ソニー AND 日本',
      'AND',
      'OR',
      'NOT',
      '(',
      '日本(',
      ')日本',
      '"NEAR" * AND ( OR',
    ]) {
      const outcome = search({ q });
      if (!outcome.ok) expect(outcome.code, q).toBe('empty_query');
    }
    for (const address of ['"', '丸の内"2', 'NEAR(', '(*)']) {
      const outcome = search({ q: '', address });
      if (!outcome.ok) expect(['empty_query', 'address_too_short'], address).toContain(outcome.code);
    }
  });

  it('rejects a query with nothing searchable left after normalisation', () => {
    expect(search({ q: '株式会社' })).toMatchObject({ ok: false, code: 'empty_query' });
    expect(search({ q: '・・' })).toMatchObject({ ok: false, code: 'empty_query' });
  });

  it('finds a 法人番号 whatever the filters, and not a hidden one', () => {
    expect(names({ q: CHANGED, prefecture: '01', kind: ['302'] })).toEqual(['株式会社商号変更後']);
    const hidden = fixture.find((r) => r.hihyoji)?.corporateNumber as string;
    expect(names({ q: hidden })).toEqual([]);
    expect(names({ q: withCheckDigit('999999999999') })).toEqual([]);
  });
});

describe('getCompany', () => {
  it('returns the current row with its history and former names', () => {
    const outcome = getCompany(CHANGED, store);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.company.current.name).toBe('株式会社商号変更後');
    expect(outcome.company.current.processLabel).toBe('商号又は名称の変更');
    expect(outcome.company.history.map((h) => h.name)).toEqual(['株式会社商号変更前']);
    expect(outcome.company.formerNames).toEqual(['株式会社商号変更前']);
  });

  it('accepts what a visitor types and explains what is wrong', () => {
    expect(getCompany('８０４０-００１９-９９０１３', store).ok).toBe(true);
    expect(getCompany('123', store)).toMatchObject({ ok: false, code: 'invalid_format' });
    expect(getCompany('8040001999014', store)).toMatchObject({ ok: false, code: 'invalid_check_digit' });
    expect(getCompany(withCheckDigit('999999999999'), store)).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('does not return a hidden (hihyoji) company', () => {
    const hidden = fixture.find((r) => r.hihyoji)?.corporateNumber as string;
    expect(getCompany(hidden, store)).toMatchObject({ ok: false, code: 'not_found' });
  });
});

describe('searchCompanies — pages and counts', () => {
  const prefs = ['01', '13', '27', '47'];

  const pagesStore = registryFixture(() => {
    const rows = [];
    // 1,030 names starting with ページ (prefix class), 40 with ページ inside (substring class).
    for (let i = 0; i < 1030; i++) rows.push(ntaRow({ name: `株式会社ページ${i}`, prefectureCode: prefs[i % 4] ?? '13' }));
    for (let i = 0; i < 40; i++) rows.push(ntaRow({ name: `第${i}ページ商会`, prefectureCode: prefs[i % 4] ?? '13' }));
    for (let i = 0; i < 45; i++) rows.push(ntaRow({ name: `テスト商事${i}`, prefectureCode: prefs[i % 4] ?? '13' }));
    // Common 3-grams (in gram_df), and the same words in the other order.
    for (let i = 0; i < 300; i++) rows.push(ntaRow({ name: `サンプル記録${i}`, prefectureCode: prefs[i % 4] ?? '13' }));
    for (let i = 0; i < 10; i++) rows.push(ntaRow({ name: `記録サンプル${i}`, prefectureCode: prefs[i % 4] ?? '13' }));
    return rows;
  });

  const all = (params: SearchCompaniesParams) => allPages(params, pagesStore());

  it('pages through every match once, 20 at a time, with an exact count', () => {
    const pages = all({ q: 'テスト' });
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    const numbers = pages.flatMap((p) => p.items.map((i) => i.corporateNumber));
    expect(new Set(numbers).size).toBe(45);
    expect(pages.every((p) => p.count === 45 && !p.countCapped)).toBe(true);
  });

  it('stops the count at its time budget and says it is a lower bound, on every page (issue 24 point 8)', () => {
    let now = 0;
    // Every reading of the clock is 1 ms later: the count's first slice runs, then the budget is spent.
    const clock = () => (now += 1);
    const exact = searchCompanies({ q: 'サンプル記録' }, pagesStore());
    expect(exact.ok && [exact.result.count, exact.result.countCapped, exact.result.countIsLowerBound]).toEqual([300, false, false]);

    const first = searchCompanies({ q: 'サンプル記録' }, pagesStore(), { countBudgetMs: 0.5, clock });
    if (!first.ok) throw new Error(first.code);
    SearchResultSchema.parse(first.result);
    expect(first.result.countIsLowerBound).toBe(true);
    expect(first.result.countCapped).toBe(false);
    expect(first.result.count).toBeGreaterThan(SEARCH_PAGE_SIZE);
    expect(first.result.count).toBeLessThan(300);
    // The same 20 companies as the exact search: only the count stopped.
    expect(exact.ok && exact.result.items.map((i) => i.corporateNumber)).toEqual(first.result.items.map((i) => i.corporateNumber));
    // The next page carries the count as it was, still a lower bound.
    const second = searchCompanies({ q: 'サンプル記録', cursor: first.result.nextCursor ?? undefined }, pagesStore());
    expect(second.ok && [second.result.count, second.result.countIsLowerBound]).toEqual([first.result.count, true]);
  });

  it('keeps an exact count within the budget, and 「1,000件以上」 at the cap', () => {
    const frozen = () => 0;
    const within = searchCompanies({ q: 'サンプル記録' }, pagesStore(), { countBudgetMs: 0.5, clock: frozen });
    expect(within.ok && [within.result.count, within.result.countIsLowerBound]).toEqual([300, false]);
    const capped = searchCompanies({ q: 'ページ' }, pagesStore(), { clock: frozen });
    expect(capped.ok && [capped.result.count, capped.result.countCapped, capped.result.countIsLowerBound]).toEqual([1000, true, true]);
  });

  it('keeps the class order across pages and stops at the depth limit with a capped count', () => {
    const pages = all({ q: 'ページ' });
    expect(pages).toHaveLength(50);
    expect(pages[0]?.count).toBe(1000);
    expect(pages[0]?.countCapped).toBe(true);
    const last = pages[pages.length - 1];
    expect(last?.depthLimited).toBe(true);
    expect(last?.nextCursor).toBeNull();
    const items = pages.flatMap((p) => p.items);
    expect(items).toHaveLength(50 * SEARCH_PAGE_SIZE);
    expect(new Set(items.map((i) => i.corporateNumber)).size).toBe(items.length);
    // All 1,030 prefix matches come before any substring match, so none is reached here.
    expect(items.every((i) => i.match === 'prefix')).toBe(true);
    // Within a class: prefecture in JIS order.
    const codes = items.map((i) => i.prefectureCode ?? '');
    expect([...codes].sort()).toEqual(codes);
  });

  it('counts a long query made of common 3-grams exactly, without the same words in another order', () => {
    const pages = all({ q: 'サンプル記録' });
    expect(pages[0]?.count).toBe(300);
    const items = pages.flatMap((p) => p.items);
    expect(items).toHaveLength(300);
    expect(items.every((i) => i.name.startsWith('サンプル記録'))).toBe(true);
    expect(all({ q: '記録サンプル' })[0]?.count).toBe(10);
  });

  // Every row of this fixture is at 東京都千代田区丸の内一丁目1番1号 (ntaRow's default address), so
  // the address alone lists them all: one class, whose count goes on from where the first page
  // stopped (search.ts, oneClass).
  it('counts the address alone exactly past the first page, and caps it at 1,000', () => {
    const pages = all({ address: '丸の内1-1' });
    expect(pages[0]?.count).toBe(1000);
    expect(pages[0]?.countCapped).toBe(true);
    expect(pages).toHaveLength(50);
    const items = pages.flatMap((p) => p.items);
    expect(new Set(items.map((i) => i.corporateNumber)).size).toBe(50 * SEARCH_PAGE_SIZE);
    expect(items.every((i) => i.match === 'address')).toBe(true);
  });

  it.each(prefs)('counts the address alone in prefecture %s as its pages list it', (prefecture) => {
    const pages = all({ address: '丸の内1-1', prefecture });
    const items = pages.flatMap((p) => p.items);
    // 1,030 + 40 + 45 + 300 + 10 rows spread over the four prefectures in turn.
    const expected = [1030, 40, 45, 300, 10].reduce(
      (n, rows) => n + Array.from({ length: rows }, (_, i) => prefs[i % 4]).filter((c) => c === prefecture).length,
      0,
    );
    expect(pages[0]?.count).toBe(expected);
    expect(pages[0]?.countCapped).toBe(false);
    expect(items).toHaveLength(expected);
    expect(new Set(items.map((i) => i.corporateNumber)).size).toBe(expected);
  });

  it('rejects a cursor used with another query', () => {
    const first = searchCompanies({ q: 'テスト' }, pagesStore());
    const cursor = first.ok ? (first.result.nextCursor ?? '') : '';
    expect(searchCompanies({ q: 'ページ', cursor }, pagesStore())).toMatchObject({ ok: false, code: 'invalid_cursor' });
    expect(searchCompanies({ q: 'テスト', cursor: 'garbage' }, pagesStore())).toMatchObject({ ok: false, code: 'invalid_cursor' });
  });
});

describe('searchCompanies — the address alone, counted from the end of its first page', () => {
  const closed = { process: '21', closeDate: '2020-03-31', closeCause: '01' } as const;
  const osaka = { prefectureCode: '27', prefectureName: '大阪府', cityName: '北区', cityCode: '127' } as const;
  const oneStore = registryFixture(() => {
    return [
      // 本町2-1xx: 150 active and 30 closed in 東京都 (5 characters: one index token).
      ...Array.from({ length: 150 }, (_, i) => ntaRow({ name: `株式会社本町活${i}`, streetNumber: `本町2-${i + 100}` })),
      ...Array.from({ length: 30 }, (_, i) => ntaRow({ name: `株式会社本町閉${i}`, streetNumber: `本町2-${i + 100}`, ...closed })),
      // 梅田3-: exactly a page and one more row active in 大阪府, and 3 closed.
      ...Array.from({ length: 21 }, (_, i) => ntaRow({ name: `株式会社梅田活${i}`, streetNumber: `梅田3-${i + 1}`, ...osaka })),
      ...Array.from({ length: 3 }, (_, i) => ntaRow({ name: `株式会社梅田閉${i}`, streetNumber: `梅田3-${i + 1}`, ...osaka, ...closed })),
      // A decoy: the same pieces in another order.
      ntaRow({ name: '株式会社本町囮', streetNumber: '本町3-2-1' }),
    ];
  });

  function listed(params: SearchCompaniesParams): { counts: number[]; names: string[] } {
    const counts: number[] = [];
    const names: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const outcome = searchCompanies({ ...params, cursor }, oneStore());
      if (!outcome.ok) throw new Error(outcome.code);
      counts.push(outcome.result.count);
      names.push(...outcome.result.items.map((i) => i.name));
      if (outcome.result.nextCursor === null) return { counts, names };
      cursor = outcome.result.nextCursor;
    }
  }

  it.each<[string, SearchCompaniesParams, number, number]>([
    ['active only (本町2-100 … 本町2-199)', { address: '本町2-1' }, 100, 0],
    ['closed included: the count crosses into the closed range', { address: '本町2-1', includeClosed: true }, 100, 30],
    ['a page and one row: the count starts after the last row of its range', { address: '梅田3-', prefecture: '27' }, 21, 0],
    ['the same with the closed range after it', { address: '梅田3-', prefecture: '27', includeClosed: true }, 21, 3],
    ['fewer than a page', { address: '梅田3-', prefecture: '27', city: '127' }, 21, 0],
    ['nothing', { address: '本町2-1', prefecture: '27' }, 0, 0],
    // With a name (several classes): fewer rows than a page are the count; more are counted.
    ['a name and the address, fewer than a page (every class read to its end)', { q: '本町', address: '本町2-10' }, 10, 0],
    ['a name and the address, exactly a page', { q: '本町', address: '本町2-10', includeClosed: true }, 10, 10],
    ['a name and the address, a page and one row', { q: '梅田', address: '梅田3-', prefecture: '27' }, 21, 0],
    ['a name and the address, counted past the first page', { q: '本町', address: '本町2-1', includeClosed: true }, 100, 30],
  ])('%s', (_, params, active, closedRows) => {
    const { counts, names } = listed(params);
    const total = active + closedRows;
    expect(counts.every((c) => c === total)).toBe(true);
    expect(names).toHaveLength(total);
    expect(new Set(names).size).toBe(total);
    // Active before closed.
    expect(names.findIndex((n) => n.includes('閉'))).toBe(closedRows === 0 ? -1 : active);
    expect(names).not.toContain('株式会社本町囮');
  });
});

describe('searchCompanies — an address made of common pieces', () => {
  // More than GRAM_DF_MIN (256) companies at 本町1-2… and at …-21-2: the common grams of every
  // length are in gram_df; 本町1-21-2 (8 characters) is one token, which 本町1-2-21-2 does not hold.
  const commonStore = registryFixture(() => {
    const rows = [
      ...Array.from({ length: 260 }, (_, i) => ntaRow({ name: `株式会社本町${i}`, streetNumber: `本町1-2${i}` })),
      ...Array.from({ length: 260 }, (_, i) => ntaRow({ name: `株式会社栄町${i}`, streetNumber: `栄町${i + 3}丁目21番2号` })),
      ntaRow({ name: '株式会社本町目標', streetNumber: '本町一丁目21番2号' }),
      ntaRow({ name: '株式会社本町囮', streetNumber: '本町1-2-21-2' }),
    ];
    return rows;
  });

  it('counts the common address grams of every length in gram_df', () => {
    const state = commonStore().acquire();
    if (!state.ok) throw new Error('registry unavailable');
    const sep = ADDRESS_SEP;
    expect(state.registry.commonGramDf(`${ADDRESS_GRAM}本町1${sep}`)).toBe(262);
    expect(state.registry.commonGramDf(`${ADDRESS_GRAM}21${sep}2`)).toBe(262);
    expect(state.registry.commonGramDf(`${ADDRESS_GRAM}本町`)).toBe(262);
    expect(state.registry.commonGramDf(`${ADDRESS_GRAM}本町1${sep}2`)).toBe(262);
    expect(state.registry.commonGramDf(`${ADDRESS_GRAM}${sep}21${sep}2`)).toBe(262);
    expect(state.registry.commonGramDf(`${ADDRESS_GRAM}千代田区`)).toBe(522);
    // Rarer than GRAM_DF_MIN: not listed (the search counts it when it needs to).
    expect(state.registry.commonGramDf(`${ADDRESS_GRAM}栄町7${sep}`)).toBeUndefined();
  });

  it.each<[string, string, string[]]>([
    ['one token of common pieces', '本町1-21-2', ['株式会社本町目標']],
    ['typed with 丁目, 番 and 号', '本町1丁目21番2号', ['株式会社本町目標']],
    ['one rare token', '栄町7-21-2', ['株式会社栄町4']],
    ['common pieces in another order', '町1-2-21', ['株式会社本町囮']],
  ])('%s: %s', (_, address, expected) => {
    const outcome = searchCompanies({ address }, commonStore());
    expect(outcome.ok && outcome.result.items.map((i) => i.name)).toEqual(expected);
    expect(outcome.ok && outcome.result.count).toBe(expected.length);
  });
});

describe('searchCompanies — an address longer than one index token', () => {
  // Beyond ADDRESS_GRAM_MAX (8) characters the search ANDs the 8-grams that tile the address and
  // confirms each candidate on doc.address_norm: an address holding both grams, but not next to
  // each other, is not a match. 中野区弥生町4-21-3 (12 characters) tiles as 中野区弥生町4- and
  // 生町4-21-3; the decoys hold both. Rare grams (the 中野区 decoy) and common ones (300 decoys in
  // 千代田区, more than GRAM_DF_MIN, so the grams are in gram_df) take the two ways of choosing grams.
  const nakano = { cityName: '中野区', cityCode: '114' } as const;
  const longStore = registryFixture(() => {
    const rows = [
      ntaRow({ name: '株式会社中野目標', furigana: 'ナカノモクヒョウ', ...nakano, streetNumber: '弥生町４丁目２１番３号' }),
      ntaRow({ name: '株式会社中野囮', furigana: 'ナカノオトリ', ...nakano, streetNumber: '弥生町4-9弥生町4-21-3' }),
      ...Array.from({ length: 300 }, (_, i) =>
        ntaRow({ name: `株式会社千代田囮${i}`, furigana: 'チヨダオトリ', streetNumber: '本町1-9本町1-21-2' }),
      ),
      ntaRow({ name: '株式会社本町目標', furigana: 'ホンチョウモクヒョウ', streetNumber: '本町一丁目21番2号' }),
    ];
    return rows;
  });

  const search = (address: string) => {
    const outcome = searchCompanies({ address }, longStore());
    if (!outcome.ok) throw new Error(outcome.code);
    return outcome.result;
  };

  it('holds the common 8-grams in gram_df', () => {
    const state = longStore().acquire();
    if (!state.ok) throw new Error('registry unavailable');
    const sep = ADDRESS_SEP;
    expect(state.registry.commonGramDf(`${ADDRESS_GRAM}千代田区本町1${sep}`)).toBe(301);
    expect(state.registry.commonGramDf(`${ADDRESS_GRAM}本町1${sep}21${sep}2`)).toBe(301);
    expect(state.registry.commonGramDf(`${ADDRESS_GRAM}中野区弥生町4${sep}`)).toBeUndefined();
  });

  it.each<[string, string, string[]]>([
    ['rare 8-grams, both in the decoy but apart', '中野区弥生町4-21-3', ['株式会社中野目標']],
    ['the same typed with 丁目, 番 and 号', '中野区弥生町4丁目21番3号', ['株式会社中野目標']],
    ['common 8-grams, both in 300 decoys but apart', '千代田区本町1-21-2', ['株式会社本町目標']],
    ['from the 都道府県', '東京都千代田区本町1丁目21番2号', ['株式会社本町目標']],
    ['a long address that differs in its last number', '東京都千代田区本町1-21-3', []],
  ])('%s: %s', (_, address, expected) => {
    const result = search(address);
    expect(result.items.map((i) => i.name)).toEqual(expected);
    expect(result.count).toBe(expected.length);
  });

  it('keeps substring semantics for 8 characters or fewer (one token) and beyond', () => {
    // 本町1-21-2 (8 characters) is in the target and in every decoy.
    expect(search('本町1-21-2').count).toBe(301);
    // 弥生町4-21-3 (9 characters) is in the target and, contiguous, in the 中野区 decoy.
    expect(
      search('弥生町4-21-3')
        .items.map((i) => i.name)
        .sort(),
    ).toEqual(['株式会社中野囮', '株式会社中野目標']);
  });
});

describe('searchCompanies — English name matches, counted by the index where it can', () => {
  // Class 3 (English name only) is counted in two parts (search.ts, matchers): the English matches
  // the index shows to have no Japanese candidate, and those that are Japanese candidates too,
  // confirmed on `doc`. 「corp」 (4 characters) ANDs its 3-grams cor and orp: the ORPCOR decoys hold
  // both without holding corp, so they are English-only matches that only the confirmation finds;
  // the CORP names are Japanese matches and listed once, in their own class. 「cor」 (3 characters)
  // is exact in the index: the decoys are Japanese matches then.
  const enStore = registryFixture(() => {
    const rows = [
      ...Array.from({ length: 3 }, (_, i) =>
        ntaRow({ name: `ORPCOR商事${i}`, furigana: `オルプコル${'ア'.repeat(i + 1)}`, enName: `Corp Holdings ${i}` }),
      ),
      ...Array.from({ length: 2 }, (_, i) =>
        ntaRow({ name: `CORP商事${i}`, furigana: `コープ${'ア'.repeat(i + 1)}`, enName: `Corp Trading ${i}` }),
      ),
      ...Array.from({ length: 25 }, (_, i) =>
        ntaRow({
          name: `株式会社英名${i}`,
          furigana: `エイメイ${'ア'.repeat(i + 1)}`,
          enName: `Corporate Test ${i}`,
          prefectureCode: i % 2 ? '01' : '47',
        }),
      ),
      ntaRow({ name: '合同会社英名', kind: '305', furigana: 'エイメイゴウドウ', enName: 'Corporate Partners LLC' }),
      ntaRow({
        name: '株式会社英名閉鎖',
        furigana: 'エイメイヘイサ',
        enName: 'Corporate Closed',
        process: '21',
        closeDate: '2020-03-31',
        closeCause: '01',
      }),
    ];
    return rows;
  });

  const pages = (params: SearchCompaniesParams) => allPages(params, enStore());

  it.each<[string, SearchCompaniesParams, number, Record<string, number>]>([
    ['a 4-character word: Japanese candidates that are not matches stay English matches', { q: 'corp' }, 31, { prefix: 2, en_name: 29 }],
    ['a 3-character word (exact in the index): the decoys match in Japanese', { q: 'cor' }, 31, { prefix: 2, substring: 3, en_name: 26 }],
    ['two words', { q: 'corp holdings' }, 3, { en_name: 3 }],
    ['with the kind filter', { q: 'corp', kind: ['305'] }, 1, { en_name: 1 }],
    ['closed included', { q: 'corp', includeClosed: true }, 32, { prefix: 2, en_name: 30 }],
  ])('%s: %j', (_, params, count, byMatch) => {
    const all = pages(params);
    expect(all.every((p) => p.count === count && !p.countCapped)).toBe(true);
    const items = all.flatMap((p) => p.items);
    expect(items).toHaveLength(count);
    expect(new Set(items.map((i) => i.corporateNumber)).size).toBe(count);
    const seen: Record<string, number> = {};
    for (const i of items) seen[i.match] = (seen[i.match] ?? 0) + 1;
    expect(seen).toEqual(byMatch);
    // The classes in order: every Japanese match before the first English-only one.
    const firstEnglish = items.findIndex((i) => i.match === 'en_name');
    expect(items.slice(firstEnglish).every((i) => i.match === 'en_name')).toBe(true);
  });
});

describe('searchCompanies — a rare kind answered by kind-marked name tokens', () => {
  // With only rare kinds selected (KIND_MARKED_CODES: 合資会社, 合同会社, …) the name tokens are
  // the kind-marked ones and the kind filter is left out (docs/decisions/0046). Each query below is
  // checked against a plain reading of the fixture: every page walked, each company once, the count
  // exact, only the selected kinds, the classes in order. The decoys are the same names in the
  // other kinds: a token not marked, or marked with the wrong kind, would list or count them.
  const FORMER = nextCorporateNumber();
  type Row = { name: string; furigana: string; kind: KindCode; closed?: boolean; prefectureCode?: string; cityCode?: string };
  const rows: Row[] = [];
  const kindsOf: KindCode[] = ['301', '302', '303', '304', '305', '399'];
  for (const kind of kindsOf) {
    rows.push({ name: '開発商事', furigana: 'カイハツシヨウジ', kind });
    for (let i = 0; i < 12; i++) {
      rows.push({ name: `開発商事${i}`, furigana: `カイハツシヨウジ${'ア'.repeat(i + 1)}`, kind, prefectureCode: i % 2 ? '01' : '47' });
      rows.push({ name: `東開発商事${i}`, furigana: `ヒガシカイハツ${'ア'.repeat(i + 1)}`, kind, cityCode: i % 3 ? '101' : '102' });
    }
    rows.push({ name: `快発${kind}`, furigana: 'カイハツ', kind });
    rows.push({ name: `商事開発閉鎖${kind}`, furigana: 'シヨウジカイハツヘイサ', kind, closed: true });
  }
  // 1,020 合資会社 holding 工房: the count stops at SEARCH_COUNT_CAP.
  for (let i = 0; i < 1020; i++) rows.push({ name: `工房合資${i}`, furigana: `コウボウ${i}`, kind: '304' });

  function toNta(r: Row) {
    return ntaRow({
      name: r.name,
      furigana: r.furigana,
      kind: r.kind,
      ...(r.prefectureCode === undefined
        ? {}
        : { prefectureCode: r.prefectureCode, prefectureName: r.prefectureCode === '01' ? '北海道' : '沖縄県' }),
      ...(r.cityCode === undefined ? {} : { cityCode: r.cityCode, cityName: r.cityCode === '101' ? '千代田区' : '中央区' }),
      ...(r.closed === true ? { process: '21', closeDate: '2020-03-31', closeCause: '01' } : {}),
    });
  }

  const kindStore = registryFixture(() => {
    return [
      ...rows.map(toNta),
      // A 合資会社 whose former name (旧商号) holds the word and whose current name does not.
      ntaRow({
        corporateNumber: FORMER,
        name: '旧開発商事合資',
        furigana: 'キユウ',
        kind: '304',
        latest: false,
        updateDate: '2015-10-05',
        changeDate: '2015-10-05',
      }),
      ntaRow({
        corporateNumber: FORMER,
        name: '新名前合資',
        furigana: 'シンナマエ',
        kind: '304',
        updateDate: '2016-10-05',
        changeDate: '2016-10-05',
        process: '11',
      }),
    ];
  });

  const walk = (params: SearchCompaniesParams) => allPages(params, kindStore());

  /** The matches by a plain reading of the fixture (names, readings and the former name are normalised already). */
  function expected(params: SearchCompaniesParams): string[] {
    const q = params.q ?? '';
    const kinds = params.kind ?? [];
    const plain = rows
      .filter((r) => kinds.length === 0 || kinds.includes(r.kind))
      .filter((r) => params.includeClosed === true || r.closed !== true)
      .filter((r) => params.prefecture === undefined || (r.prefectureCode ?? '13') === params.prefecture)
      .filter((r) => params.city === undefined || (r.cityCode ?? '101') === params.city)
      .filter((r) => r.name.includes(q) || r.furigana.startsWith(q))
      .map((r) => r.name);
    // The renamed 合資会社 (東京都千代田区, the defaults of ntaRow).
    const formerListed =
      (kinds.length === 0 || kinds.includes('304')) &&
      (params.prefecture ?? '13') === '13' &&
      (params.city ?? '101') === '101' &&
      ('旧開発商事合資'.includes(q) || '新名前合資'.includes(q) || 'シンナマエ'.startsWith(q));
    const former = formerListed ? ['新名前合資'] : [];
    return [...plain, ...former].sort();
  }

  const TIER: Record<string, number> = { exact: 0, prefix: 1, reading: 1, substring: 2, former_name: 2 };

  it.each<[string, SearchCompaniesParams]>([
    ['a 2-character word, one rare kind', { q: '開発', kind: ['304'] }],
    ['a 2-character word, two rare kinds', { q: '開発', kind: ['303', '305'] }],
    ['a rare and a common kind (the plain tokens and the kind filter)', { q: '開発', kind: ['301', '305'] }],
    ['exact name and prefix, closed included', { q: '開発商事', kind: ['304'], includeClosed: true }],
    ['a 4-character word (3-grams confirmed on doc)', { q: '東開発商', kind: ['305'] }],
    ['a reading prefix of an indexed length', { q: 'カイハツ', kind: ['304'] }],
    ['a reading prefix confirmed on doc (9 characters)', { q: 'カイハツシヨウジア', kind: ['305'] }],
    ['a single character', { q: '発', kind: ['303'], includeClosed: true }],
    ['a former name', { q: '旧開発', kind: ['304'] }],
    ['with the 市区町村', { q: '開発', kind: ['304'], prefecture: '13', city: '102' }],
    ['with the prefecture (a docid range)', { q: '開発商事', kind: ['305'], prefecture: '47' }],
    ['a kind with no match', { q: '開発', kind: ['101'] }],
  ])('%s: %j', (_, params) => {
    const all = walk(params);
    const want = expected(params);
    expect(want.length).toBeLessThan(SEARCH_COUNT_CAP);
    expect(all.every((p) => p.count === want.length && !p.countCapped)).toBe(true);
    const items = all.flatMap((p) => p.items);
    expect(new Set(items.map((i) => i.corporateNumber)).size).toBe(items.length);
    expect(items.map((i) => i.name).sort()).toEqual(want);
    expect(items.every((i) => (params.kind as string[]).includes(i.kind))).toBe(true);
    // Classes in order, active before closed within each.
    const rank = items.map((i) => (TIER[i.match] as number) * 2 + (i.closed ? 1 : 0));
    expect(rank).toEqual([...rank].sort((a, b) => a - b));
  });

  it('caps the count at SEARCH_COUNT_CAP like the plain tokens', () => {
    const first = walk({ q: '工房', kind: ['304'] })[0];
    expect(first?.count).toBe(SEARCH_COUNT_CAP);
    expect(first?.countCapped).toBe(true);
    const under = walk({ q: '工房合資1', kind: ['304'] });
    // 工房合資1, 10–19, 100–199, 1000–1019.
    expect(under.every((p) => p.count === 1 + 10 + 100 + 20 && !p.countCapped)).toBe(true);
    expect(under.flatMap((p) => p.items)).toHaveLength(131);
  });
});
