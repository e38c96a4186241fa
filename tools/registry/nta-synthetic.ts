/**
 * Deterministic synthetic NTA data: realistic enough to exercise normalisation, search and the
 * importer (legal forms before and after names, old kanji forms, full-width Latin, readings,
 * history, closures, mergers, hihyoji rows, diffs), fast enough for the 5.5M-row benchmark.
 *
 * Every entity is a pure function of (seed, index): entityAt(i) draws from its own PRNG, so the
 * base file streams with no memory and diff files can re-create any entity they change.
 */
import { withCheckDigit } from '@/features/registry/corporate-number';
import {
  FOREIGN_ENDINGS,
  GOVERNMENT,
  HIRAGANA,
  INDUSTRIES,
  KATAKANA,
  LATIN,
  PLACES,
  PREFECTURES,
  type Prefecture,
  SURNAMES,
  TOWNS,
  type Word,
  WORDS,
} from './nta-synthetic-data';
import type { NtaCloseCause, NtaKind, NtaProcess, NtaRow } from '@/features/registry/nta-types';

/** A row before it is placed in a file (no sequence number, file or line yet). */
export type NtaRecord = Omit<NtaRow, 'sequenceNumber' | 'file' | 'line'>;

// ---------------------------------------------------------------------------------------------
// Randomness

/** sfc32: fast, good enough statistically, seedable from 4 words. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(seed: number, stream = 0) {
    this.a = 0x9e3779b9 ^ seed;
    this.b = 0x243f6a88 ^ Math.imul(stream, 0x85ebca6b);
    this.c = 0xb7e15162 ^ Math.imul(seed ^ stream, 0xc2b2ae35);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }
  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

class Weighted<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;
  constructor(
    private readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    let sum = 0;
    for (const item of items) {
      sum += weight(item);
      this.cumulative.push(sum);
    }
    this.total = sum;
  }
  pick(rng: Rng): T {
    const x = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}

const byWeight = (words: readonly Word[]) => new Weighted(words, (w) => w[2]);
const W = {
  surname: byWeight(SURNAMES),
  industry: byWeight(INDUSTRIES),
  katakana: byWeight(KATAKANA),
  latin: byWeight(LATIN),
  place: byWeight(PLACES),
  word: byWeight(WORDS),
  hiragana: byWeight(HIRAGANA),
  foreign: byWeight(FOREIGN_ENDINGS),
};
const PREF = new Weighted(PREFECTURES, (p) => p.weight);
const CITY = new Map(PREFECTURES.map((p) => [p.code, new Weighted(p.cities, (c) => c.weight)]));
const PREF_BY_CODE = new Map(PREFECTURES.map((p) => [p.code, p]));

// 法人種別, weighted roughly like the real registry (株式会社 and 特例有限会社 dominate).
const KINDS = new Weighted<[NtaKind, number]>(
  [
    ['301', 470],
    ['302', 240],
    ['305', 60],
    ['303', 3],
    ['304', 12],
    ['399', 200],
    ['401', 2],
    ['499', 10],
    ['201', 1],
    ['101', 0.1],
  ],
  (k) => k[1],
);
const KIND_REGISTRY_CODE: Record<NtaKind, string> = {
  '101': '00',
  '201': '00',
  '301': '01',
  '302': '02',
  '303': '03',
  '304': '03',
  '305': '03',
  '399': '05',
  '401': '06',
  '499': '07',
};

// ---------------------------------------------------------------------------------------------
// Dates (day numbers since 1970-01-01, formatted through a cache)

const DAY = 86_400_000;
const dateCache = new Map<number, string>();
export function dayToDate(day: number): string {
  let s = dateCache.get(day);
  if (s === undefined) {
    s = new Date(day * DAY).toISOString().slice(0, 10);
    dateCache.set(day, s);
  }
  return s;
}
export function dateToDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
}
/** 法人番号 were first assigned on 2015-10-05; older entities carry that date. */
const ASSIGNMENT_START = dateToDay('2015-10-05');

// ---------------------------------------------------------------------------------------------
// Text

const FW_DIGITS = '０１２３４５６７８９';
export function fullWidthDigits(n: number): string {
  let s = '';
  for (const ch of String(n)) s += FW_DIGITS[ch.charCodeAt(0) - 48];
  return s;
}

const HALF_KANA: Record<string, string> = {};
{
  const full = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンァィゥェォッャュョー・';
  const half = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｧｨｩｪｫｯｬｭｮｰ･';
  for (let i = 0; i < full.length; i++) HALF_KANA[full[i] as string] = half[i] as string;
  const voiced = 'ガギグゲゴザジズゼゾダヂヅデドバビブベボ';
  const base = 'カキクケコサシスセソタチツテトハヒフヘホ';
  for (let i = 0; i < voiced.length; i++) HALF_KANA[voiced[i] as string] = `${HALF_KANA[base[i] as string]}ﾞ`;
  const semi = 'パピプペポ';
  for (let i = 0; i < semi.length; i++) HALF_KANA[semi[i] as string] = `${HALF_KANA['ハヒフヘホ'[i] as string]}ﾟ`;
  HALF_KANA['ヴ'] = 'ｳﾞ';
}
/** Full-width katakana → half-width (a few registered names really are written so). */
export function toHalfWidthKana(s: string): string {
  let out = '';
  for (const ch of s) out += HALF_KANA[ch] ?? ch;
  return out;
}

// Katakana → Hepburn-ish romaji, for English names (`TANAKA KENSETSU CO., LTD.`).
const ROMAJI: Record<string, string> = {};
{
  const rows: [string, string[]][] = [
    ['アイウエオ', ['a', 'i', 'u', 'e', 'o']],
    ['カキクケコ', ['ka', 'ki', 'ku', 'ke', 'ko']],
    ['サシスセソ', ['sa', 'shi', 'su', 'se', 'so']],
    ['タチツテト', ['ta', 'chi', 'tsu', 'te', 'to']],
    ['ナニヌネノ', ['na', 'ni', 'nu', 'ne', 'no']],
    ['ハヒフヘホ', ['ha', 'hi', 'fu', 'he', 'ho']],
    ['マミムメモ', ['ma', 'mi', 'mu', 'me', 'mo']],
    ['ヤユヨ', ['ya', 'yu', 'yo']],
    ['ラリルレロ', ['ra', 'ri', 'ru', 're', 'ro']],
    ['ワヲン', ['wa', 'o', 'n']],
    ['ガギグゲゴ', ['ga', 'gi', 'gu', 'ge', 'go']],
    ['ザジズゼゾ', ['za', 'ji', 'zu', 'ze', 'zo']],
    ['ダヂヅデド', ['da', 'ji', 'zu', 'de', 'do']],
    ['バビブベボ', ['ba', 'bi', 'bu', 'be', 'bo']],
    ['パピプペポ', ['pa', 'pi', 'pu', 'pe', 'po']],
    ['ァィゥェォヴ', ['a', 'i', 'u', 'e', 'o', 'vu']],
  ];
  for (const [kana, roma] of rows) for (let i = 0; i < kana.length; i++) ROMAJI[kana[i] as string] = roma[i] as string;
  const digraphs: Record<string, string> = {
    キャ: 'kya',
    キュ: 'kyu',
    キョ: 'kyo',
    シャ: 'sha',
    シュ: 'shu',
    ショ: 'sho',
    シェ: 'she',
    チャ: 'cha',
    チュ: 'chu',
    チョ: 'cho',
    チェ: 'che',
    ニャ: 'nya',
    ニュ: 'nyu',
    ニョ: 'nyo',
    ヒャ: 'hya',
    ヒュ: 'hyu',
    ヒョ: 'hyo',
    ミャ: 'mya',
    ミュ: 'myu',
    ミョ: 'myo',
    リャ: 'rya',
    リュ: 'ryu',
    リョ: 'ryo',
    ギャ: 'gya',
    ギュ: 'gyu',
    ギョ: 'gyo',
    ジャ: 'ja',
    ジュ: 'ju',
    ジョ: 'jo',
    ジェ: 'je',
    ビャ: 'bya',
    ビュ: 'byu',
    ビョ: 'byo',
    ピャ: 'pya',
    ピュ: 'pyu',
    ピョ: 'pyo',
    ファ: 'fa',
    フィ: 'fi',
    フェ: 'fe',
    フォ: 'fo',
    フュ: 'fyu',
    ティ: 'ti',
    ディ: 'di',
    デュ: 'dyu',
    ウィ: 'wi',
    ウェ: 'we',
    ウォ: 'wo',
    ヴィ: 'vi',
    ヴァ: 'va',
    ヴェ: 've',
    ヴォ: 'vo',
    ツァ: 'tsa',
    トゥ: 'tu',
  };
  Object.assign(ROMAJI, digraphs);
}
export function katakanaToRomaji(kana: string): string {
  let out = '';
  let double = false;
  for (let i = 0; i < kana.length; i++) {
    const two = kana.slice(i, i + 2);
    let r = two.length === 2 ? ROMAJI[two] : undefined;
    if (r !== undefined) i++;
    else {
      const ch = kana[i] as string;
      if (ch === 'ッ') {
        double = true;
        continue;
      }
      if (ch === 'ー') continue;
      r = ROMAJI[ch] ?? (/[A-Za-z0-9 ]/.test(ch) ? ch : '');
    }
    if (double && r.length > 0) {
      out += r.startsWith('ch') ? 't' : r[0];
      double = false;
    }
    out += r;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Names

interface Named {
  name: string;
  /** Reading without the legal-form word; '' when the generator gives none. */
  reading: string;
}

function core(rng: Rng): [string, string] {
  // No helper closures here: tsx/esbuild wrap every closure creation in __name(), which cost
  // more than the rest of this function at 5.5M calls.
  const r = rng.next();
  let a: Word;
  let b: Word;
  if (r < 0.28) {
    a = W.surname.pick(rng);
    b = W.industry.pick(rng);
  } else if (r < 0.42) {
    a = W.place.pick(rng);
    b = W.industry.pick(rng);
  } else if (r < 0.52) {
    a = W.katakana.pick(rng);
    do b = W.katakana.pick(rng);
    while (b === a);
  } else if (r < 0.59) {
    a = W.latin.pick(rng);
    b = rng.chance(0.6) ? W.katakana.pick(rng) : W.industry.pick(rng);
  } else if (r < 0.69) {
    a = W.word.pick(rng);
    b = W.industry.pick(rng);
  } else if (r < 0.77) {
    a = W.place.pick(rng);
    b = W.katakana.pick(rng);
  } else if (r < 0.83) {
    a = W.surname.pick(rng);
    b = W.katakana.pick(rng);
  } else if (r < 0.9) {
    a = W.hiragana.pick(rng);
    b = rng.chance(0.5) ? W.industry.pick(rng) : W.katakana.pick(rng);
  } else if (r < 0.96) {
    a = W.katakana.pick(rng);
    b = W.industry.pick(rng);
  } else {
    a = W.word.pick(rng);
    b = W.katakana.pick(rng);
  }
  let left = a[0];
  let right = b[0];
  // A few registered names separate their words (中点, full-width space) or use half-width kana.
  const sep = rng.next();
  const joiner = sep < 0.015 ? '・' : sep < 0.025 ? '　' : '';
  if (rng.chance(0.002) && /^[ァ-ヶー]+$/.test(right)) right = toHalfWidthKana(right);
  if (rng.chance(0.002) && /^[ァ-ヶー]+$/.test(left)) left = toHalfWidthKana(left);
  return [left + joiner + right, a[1] + b[1]];
}

const prefixOrSuffix = (rng: Rng, form: string, c: [string, string], before: number): Named => {
  const name = rng.chance(before) ? form + c[0] : c[0] + form;
  return { name, reading: c[1] };
};

const ORG_399: ((rng: Rng, pref: Prefecture) => Named)[] = [
  (rng) => {
    const [n, r] = core(rng);
    const [s, sr] = rng.pick([
      ['協会', 'キョウカイ'],
      ['機構', 'キコウ'],
      ['推進協議会', 'スイシンキョウギカイ'],
      ['研究会', 'ケンキュウカイ'],
    ] as const);
    return { name: `一般社団法人${n}${s}`, reading: r + sr };
  },
  (rng) => {
    const p = W.place.pick(rng);
    const [s, sr] = rng.pick([
      ['振興財団', 'シンコウザイダン'],
      ['文化財団', 'ブンカザイダン'],
      ['育英会', 'イクエイカイ'],
    ] as const);
    return { name: `${rng.chance(0.7) ? '一般' : '公益'}財団法人${p[0]}${s}`, reading: p[1] + sr };
  },
  (rng) => {
    const h = W.hiragana.pick(rng);
    const [s, sr] = rng.pick([
      ['の会', 'ノカイ'],
      ['ネットワーク', 'ネットワーク'],
      ['支援センター', 'シエンセンター'],
      ['クラブ', 'クラブ'],
    ] as const);
    return { name: `特定非営利活動法人${h[0]}${s}`, reading: h[1] + sr };
  },
  (rng) => {
    const s = rng.chance(0.6) ? W.surname.pick(rng) : W.hiragana.pick(rng);
    return { name: `医療法人${rng.chance(0.6) ? '社団' : ''}${s[0]}会`, reading: `${s[1]}カイ` };
  },
  (rng) => {
    const h = W.hiragana.pick(rng);
    return { name: `社会福祉法人${h[0]}${rng.chance(0.5) ? '福祉会' : '会'}`, reading: `${h[1]}カイ` };
  },
  (rng) => {
    const s = rng.chance(0.5) ? W.surname.pick(rng) : W.place.pick(rng);
    return { name: `学校法人${s[0]}学園`, reading: `${s[1]}ガクエン` };
  },
  (rng) => {
    const p = W.place.pick(rng);
    const [s, sr] = rng.pick([
      ['神社', 'ジンジャ'],
      ['寺', 'ジ'],
      ['教会', 'キョウカイ'],
    ] as const);
    return { name: `宗教法人${p[0]}${s}`, reading: p[1] + sr };
  },
  (rng) => {
    const p = W.place.pick(rng);
    const i = W.industry.pick(rng);
    return { name: `${p[0]}${i[0]}事業協同組合`, reading: `${p[1]}${i[1]}ジギョウキョウドウクミアイ` };
  },
  (rng) => {
    const s = W.surname.pick(rng);
    const [f, fr] = rng.pick([
      ['税理士法人', 'カイケイ'],
      ['弁護士法人', 'ホウリツジムショ'],
      ['司法書士法人', 'ジムショ'],
      ['社会保険労務士法人', 'ジムショ'],
    ] as const);
    const [tail] = rng.pick([['会計'], ['法律事務所'], ['事務所'], ['事務所']] as const);
    return { name: `${f}${s[0]}${f === '税理士法人' ? '会計' : tail}`, reading: s[1] + fr };
  },
  (rng) => {
    const k = W.katakana.pick(rng);
    return { name: `${k[0]}マンション管理組合法人`, reading: `${k[1]}マンションカンリクミアイ` };
  },
  (rng) => {
    const p = W.place.pick(rng);
    return { name: `農事組合法人${p[0]}生産組合`, reading: `${p[1]}セイサンクミアイ` };
  },
  (rng, pref) => {
    const c = CITY.get(pref.code)?.pick(rng);
    const city = (c?.name ?? pref.name).replace(/^(.+?市).+区$/, '$1');
    return { name: `${city}商工会`, reading: '' };
  },
];

function nameFor(rng: Rng, kind: NtaKind, pref: Prefecture): Named {
  switch (kind) {
    case '301':
      return prefixOrSuffix(rng, '株式会社', core(rng), 0.55);
    case '302':
      return prefixOrSuffix(rng, '有限会社', core(rng), 0.5);
    case '303':
      return prefixOrSuffix(rng, '合名会社', core(rng), 0.5);
    case '304':
      return prefixOrSuffix(rng, '合資会社', core(rng), 0.5);
    case '305':
      return prefixOrSuffix(rng, '合同会社', core(rng), 0.7);
    case '399':
      return (ORG_399[rng.int(ORG_399.length)] as (r: Rng, p: Prefecture) => Named)(rng, pref);
    case '401': {
      const k = W.katakana.pick(rng);
      const k2 = W.katakana.pick(rng);
      const e = W.foreign.pick(rng);
      return { name: `${k[0]}・${k2[0]}　${e[0]}`, reading: k[1] + k2[1] + e[1] };
    }
    case '499': {
      const t = rng.pick(TOWNS);
      const s = rng.pick(['自治会', '町内会', '商店会', '同窓会']);
      // Town names carry no reading in our vocabulary: these rows have an empty フリガナ.
      return { name: `${t[0]}${s}`, reading: '' };
    }
    case '201': {
      const c = CITY.get(pref.code)?.pick(rng);
      return { name: (c?.name ?? pref.name).replace(/^(.+?市).+区$/, '$1'), reading: '' };
    }
    case '101':
      return { name: rng.pick(GOVERNMENT), reading: '' };
  }
}

const EN_SUFFIX: Partial<Record<NtaKind, string>> = {
  '301': 'CO., LTD.',
  '302': 'YUGEN KAISHA',
  '305': 'G.K.',
  '303': 'GOMEI KAISHA',
  '304': 'GOSHI KAISHA',
};

// ---------------------------------------------------------------------------------------------
// Entities

interface Address {
  pref: Prefecture;
  cityIndex: number;
  town: number;
  chome: number;
  ban: number;
  go: number;
}

export interface SyntheticOptions {
  seed: number;
  /** The snapshot date of the full file, `YYYY-MM-DD`. */
  date: string;
}

function addressFields(
  a: Address,
  post4: number,
): Pick<
  NtaRecord,
  'prefectureName' | 'cityName' | 'streetNumber' | 'prefectureCode' | 'cityCode' | 'postCode' | 'enPrefectureName' | 'enCityName'
> {
  const city = a.pref.cities[a.cityIndex] as (typeof a.pref.cities)[number];
  const town = TOWNS[a.town] as readonly [string, string];
  const street =
    a.go > 0
      ? `${town[0]}${fullWidthDigits(a.chome)}丁目${fullWidthDigits(a.ban)}－${fullWidthDigits(a.go)}`
      : `${town[0]}${fullWidthDigits(a.chome)}丁目${fullWidthDigits(a.ban)}番地`;
  return {
    prefectureName: a.pref.name,
    cityName: city.name,
    streetNumber: street,
    prefectureCode: a.pref.code,
    cityCode: city.code,
    postCode: `${city.post}${String(post4).padStart(4, '0')}`,
    enPrefectureName: a.pref.en,
    enCityName: `${a.chome}-${a.ban}${a.go > 0 ? `-${a.go}` : ''}, ${town[1]}, ${city.en}`,
  };
}

function randomAddress(rng: Rng, pref: Prefecture): Address {
  const cities = CITY.get(pref.code) as Weighted<Prefecture['cities'][number]>;
  const city = cities.pick(rng);
  return {
    pref,
    cityIndex: pref.cities.indexOf(city),
    town: rng.int(TOWNS.length),
    chome: 1 + rng.int(rng.chance(0.8) ? 5 : 20),
    ban: 1 + rng.int(30),
    go: rng.chance(0.7) ? 1 + rng.int(25) : 0,
  };
}

export interface Entity {
  /** Oldest first; the last one is the current (latest) row. */
  rows: NtaRecord[];
}

/** Numbers 0–999,999 permuted (7919 is coprime with 10^6), so serials do not look sequential. */
const permuteSerial = (i: number) => (i * 7919 + 104_729) % 1_000_000;

/**
 * Synthetic 法人番号 for entity i: prefecture code + office (50 + i / 10^6, never colliding with
 * the real numbers of the fixed companies, whose office part is below 50) + 会社法人等番号 kind +
 * permuted serial, with the check digit in front.
 */
function numberFor(i: number, prefCode: string, kind: NtaKind): string {
  const office = 50 + Math.floor(i / 1_000_000);
  if (office > 99) throw new RangeError('at most 50 million synthetic entities');
  const pp = kind === '101' || kind === '201' ? '00' : prefCode;
  return withCheckDigit(`${pp}${office}${KIND_REGISTRY_CODE[kind]}${String(permuteSerial(i % 1_000_000)).padStart(6, '0')}`);
}

function englishName(rng: Rng, kind: NtaKind, n: Named): string {
  const roman = katakanaToRomaji(n.reading || 'カブシキガイシャ').toUpperCase();
  const suffix = EN_SUFFIX[kind] ?? 'CORPORATION';
  // Some English names quote a brand: the CSV writes them with "" escapes.
  return rng.chance(0.15) ? `"${roman}" ${suffix}` : `${roman} ${suffix}`;
}

/** An entity's rows while its history is drawn (a plain object, not closures: see core()). */
interface HistoryState {
  rows: NtaRecord[];
  current: NtaRecord;
  lastDay: number;
  span: number;
  base: number;
  rng: Rng;
}

/** Add a change after the current row (false when the entity is too young for one). */
function advance(h: HistoryState, process: NtaProcess, patch: Partial<NtaRecord>): boolean {
  if (h.base - h.lastDay < 10) return false;
  const day = h.lastDay + 1 + h.rng.int(Math.max(1, Math.min(h.base - h.lastDay - 5, h.span)));
  h.current.latest = false;
  h.current = {
    ...h.current,
    ...patch,
    process,
    correct: '0',
    changeDate: dayToDate(day),
    updateDate: dayToDate(Math.min(h.base, day + 1 + h.rng.int(10))),
    latest: true,
  };
  h.rows.push(h.current);
  h.lastDay = day;
  return true;
}

export class SyntheticRegistry {
  readonly seed: number;
  readonly baseDay: number;

  constructor(options: SyntheticOptions) {
    this.seed = options.seed >>> 0;
    this.baseDay = dateToDay(options.date);
  }

  private rngFor(i: number, stream = 0): Rng {
    return new Rng(this.seed ^ Math.imul(i + 1, 0x9e3779b1), i * 4 + stream);
  }

  /** The first draws of an entity: where it is and what kind it is. */
  private identity(rng: Rng): { pref: Prefecture; kind: NtaKind; foreign: boolean } {
    const kind = KINDS.pick(rng)[0];
    const pref = PREF.pick(rng);
    // Foreign companies without a Japanese office have only a 国外所在地.
    const foreign = kind === '401' && rng.chance(0.3);
    return { pref, kind, foreign };
  }

  numberAt(i: number): string {
    const { pref, kind } = this.identity(this.rngFor(i));
    return numberFor(i, pref.code, kind);
  }

  /** Entity i as of the snapshot date, with its history rows. */
  entityAt(i: number): Entity {
    const rng = this.rngFor(i);
    const { pref, kind, foreign } = this.identity(rng);
    const corporateNumber = numberFor(i, pref.code, kind);
    const base = this.baseDay;

    // Entities older than the numbering system carry 2015-10-05; 特例有限会社 are all older.
    const old = kind === '302' || kind === '101' || kind === '201' || rng.chance(0.7);
    const assignedDay = old ? ASSIGNMENT_START : ASSIGNMENT_START + 1 + rng.int(Math.max(1, base - ASSIGNMENT_START - 60));
    const assignmentDate = dayToDate(assignedDay);

    const named = nameFor(rng, kind, pref);
    const address = randomAddress(rng, pref);
    const post4 = rng.int(10000);
    const hasReading = named.reading !== '' && !rng.chance(0.03);
    const hihyoji = rng.chance(0.003);
    const english = rng.chance(0.04);

    const first: NtaRecord = {
      corporateNumber,
      process: '01',
      correct: '0',
      updateDate: dayToDate(Math.min(base, assignedDay + rng.int(20))),
      changeDate: assignmentDate,
      name: named.name,
      nameImageId: null,
      kind,
      ...(foreign
        ? {
            prefectureName: null,
            cityName: null,
            streetNumber: null,
            prefectureCode: null,
            cityCode: null,
            postCode: null,
            enPrefectureName: null,
            enCityName: null,
          }
        : addressFields(address, post4)),
      addressImageId: null,
      addressOutside: foreign
        ? rng.pick([
            'アメリカ合衆国カリフォルニア州サンフランシスコ市',
            '大韓民国ソウル特別市',
            'シンガポール共和国',
            'ドイツ連邦共和国ミュンヘン市',
          ])
        : null,
      addressOutsideImageId: null,
      closeDate: null,
      closeCause: null,
      successorCorporateNumber: null,
      changeCause: null,
      assignmentDate,
      latest: true,
      enName: english ? englishName(rng, kind, named) : null,
      enAddressOutside: null,
      furigana: hasReading ? named.reading : null,
      hihyoji,
    };
    if (!english) {
      first.enPrefectureName = null;
      first.enCityName = null;
    }
    const h: HistoryState = { rows: [first], current: first, lastDay: assignedDay, span: base - assignedDay, base, rng };

    // History: name changes keep the legal form; moves go to another city, sometimes another prefecture.
    if (kind !== '101' && kind !== '201' && rng.chance(0.1)) {
      const renamed = nameFor(rng, kind, pref);
      advance(h, '11', {
        name: renamed.name,
        furigana: hasReading && renamed.reading !== '' ? renamed.reading : null,
        enName: english ? englishName(rng, kind, renamed) : null,
      });
    }
    if (!foreign && rng.chance(0.07)) {
      const target = rng.chance(0.2) ? PREF.pick(rng) : pref;
      const moved = addressFields(randomAddress(rng, target), rng.int(10000));
      if (!english) {
        moved.enPrefectureName = null;
        moved.enCityName = null;
      }
      advance(h, '12', moved);
    }
    // Closures: liquidation, merger (with the successor's number), closure by the registrar.
    if (kind !== '101' && kind !== '201' && rng.chance(0.08)) {
      const r = rng.next();
      const cause: NtaCloseCause = r < 0.6 ? '01' : r < 0.8 ? '11' : r < 0.92 ? '21' : '31';
      const successor = cause === '11' && i > 0 ? this.numberAt(rng.int(i)) : null;
      const process: NtaProcess = successor !== null ? '71' : '21';
      if (advance(h, process, { closeCause: cause, successorCorporateNumber: successor })) {
        const closed = h.current;
        closed.closeDate = closed.changeDate;
        if (successor !== null) {
          closed.changeCause = `${closed.changeDate.replace(/^(\d+)-0?(\d+)-0?(\d+)$/, '$1年$2月$3日')}法人番号${successor}に合併し解散`;
        }
      }
    }
    return { rows: h.rows };
  }

  /**
   * Rows of the full file: the fixed companies first, then entities 0, 1, 2, … until `count`
   * rows (history rows included). Returns the number of synthetic entities used.
   */
  *fullRows(count: number): Generator<NtaRecord, number> {
    let n = 0;
    for (const e of fixedEntities()) {
      for (const r of e.rows) {
        if (n >= count) return 0;
        yield r;
        n++;
      }
    }
    let i = 0;
    while (n < count) {
      const e = this.entityAt(i++);
      for (const r of e.rows) {
        if (n >= count) break;
        yield r;
        n++;
      }
    }
    return i;
  }

  /**
   * Daily diff files after the snapshot: new entities, name and address changes, closures,
   * mergers, revivals, deletions, corrections. `entities` is the number of synthetic entities
   * in the base (fullRows' return value); `perFile` rows per diff.
   */
  diffs(entities: number, files: number, perFile: number): { date: string; rows: NtaRecord[] }[] {
    const rng = new Rng(this.seed ^ 0x5bd1e995, 7);
    const state = new Map<number, NtaRecord>();
    const deleted = new Set<number>();
    const created: number[] = [];
    let next = entities;
    const latest = (i: number): NtaRecord => {
      let s = state.get(i);
      if (s === undefined) {
        const rows = this.entityAt(i).rows;
        s = rows[rows.length - 1] as NtaRecord;
      }
      return s;
    };
    const target = (accept: (r: NtaRecord) => boolean): number | null => {
      for (let tries = 0; tries < 200 && entities > 0; tries++) {
        const i = rng.int(entities);
        if (!deleted.has(i) && accept(latest(i))) return i;
      }
      return null;
    };
    const out: { date: string; rows: NtaRecord[] }[] = [];
    let day = this.baseDay;
    for (let f = 0; f < files; f++) {
      do day++;
      while (new Date(day * DAY).getUTCDay() % 6 === 0); // weekdays only
      const date = dayToDate(day);
      const rows: NtaRecord[] = [];
      const emit = (i: number, r: NtaRecord) => {
        state.set(i, r);
        rows.push(r);
      };
      const changed = (prev: NtaRecord, process: NtaProcess, patch: Partial<NtaRecord>): NtaRecord => ({
        ...prev,
        ...patch,
        process,
        correct: '0',
        updateDate: date,
        changeDate: dayToDate(day - 1 - rng.int(5)),
        latest: true,
      });
      const open = (r: NtaRecord) => r.closeDate === null && r.kind !== '101' && r.kind !== '201';
      for (let k = 0; k < perFile; k++) {
        const r = rng.next();
        if (r < 0.35 || entities === 0) {
          // New registration: a fresh entity assigned today.
          const i = next++;
          const e = this.entityAt(i).rows[0] as NtaRecord;
          created.push(i);
          emit(i, { ...e, process: '01', correct: '0', updateDate: date, changeDate: date, assignmentDate: date, latest: true });
        } else if (r < 0.6) {
          const i = target(open);
          if (i === null) continue;
          const prev = latest(i);
          const renamed = nameFor(rng, prev.kind, PREF_BY_CODE.get(prev.prefectureCode ?? '13') as Prefecture);
          emit(
            i,
            changed(prev, '11', {
              name: renamed.name,
              furigana: prev.furigana === null || renamed.reading === '' ? null : renamed.reading,
            }),
          );
        } else if (r < 0.78) {
          const i = target((x) => open(x) && x.prefectureCode !== null);
          if (i === null) continue;
          const prev = latest(i);
          const moved = addressFields(randomAddress(rng, PREF_BY_CODE.get(prev.prefectureCode as string) as Prefecture), rng.int(10000));
          if (prev.enName === null) {
            moved.enPrefectureName = null;
            moved.enCityName = null;
          }
          emit(i, changed(prev, '12', moved));
        } else if (r < 0.9) {
          const i = target(open);
          if (i === null) continue;
          const prev = latest(i);
          const merger = rng.chance(0.25);
          const successor = merger ? this.numberAt(rng.int(entities)) : null;
          const row = changed(prev, merger ? '71' : '21', {
            closeCause: merger ? '11' : rng.chance(0.8) ? '01' : '21',
            successorCorporateNumber: successor !== null && successor !== prev.corporateNumber ? successor : null,
          });
          row.closeDate = row.changeDate;
          emit(i, row);
        } else if (r < 0.93) {
          // Revival (閉鎖の復活等) of a closed entity.
          const i = target((x) => x.closeDate !== null);
          if (i === null) continue;
          const prev = latest(i);
          emit(i, changed(prev, '22', { closeDate: null, closeCause: null, successorCorporateNumber: null, changeCause: null }));
        } else if (r < 0.95) {
          // Deletion (削除): mostly an entity registered by mistake in an earlier diff.
          const i = created.length > 0 && rng.chance(0.7) ? (created.splice(rng.int(created.length), 1)[0] as number) : target(() => true);
          if (i === null || deleted.has(i)) continue;
          const prev = latest(i);
          emit(i, { ...prev, process: '99', correct: '0', updateDate: date, latest: true });
          deleted.add(i);
        } else {
          // Correction (訂正): the same process as before, with a fixed reading or street number.
          const i = target((x) => x.prefectureCode !== null);
          if (i === null) continue;
          const prev = latest(i);
          const fixedStreet =
            prev.streetNumber === null
              ? null
              : prev.streetNumber.replace(/[０-９]+$/, (d) => fullWidthDigits(Number(d.normalize('NFKC')) + 1));
          emit(i, { ...prev, correct: '1', updateDate: date, streetNumber: fixedStreet, latest: true });
        }
      }
      out.push({ date, rows });
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Fixed companies: well-known names for tests and demos (real numbers where the company is real)

const FIXED_DATE = '2015-10-05';

function fixed(partial: Partial<NtaRecord> & Pick<NtaRecord, 'corporateNumber' | 'name' | 'kind'>): NtaRecord {
  return {
    process: '01',
    correct: '0',
    updateDate: FIXED_DATE,
    changeDate: FIXED_DATE,
    nameImageId: null,
    prefectureName: '東京都',
    cityName: '千代田区',
    streetNumber: '丸の内１丁目１－１',
    addressImageId: null,
    prefectureCode: '13',
    cityCode: '101',
    postCode: '1000005',
    addressOutside: null,
    addressOutsideImageId: null,
    closeDate: null,
    closeCause: null,
    successorCorporateNumber: null,
    changeCause: null,
    assignmentDate: FIXED_DATE,
    latest: true,
    enName: null,
    enPrefectureName: null,
    enCityName: null,
    enAddressOutside: null,
    furigana: null,
    hihyoji: false,
    ...partial,
  };
}

/** Synthetic numbers for the fictional fixed companies: office 49, below the generated range. */
const fictional = (n: number, pref = '13') => withCheckDigit(`${pref}4901${String(n).padStart(6, '0')}`);

export function fixedEntities(): Entity[] {
  const toyota = '1180301018771';
  const sonyBefore = fixed({
    corporateNumber: '5010401067252',
    name: 'ソニー株式会社',
    kind: '301',
    cityName: '港区',
    streetNumber: '港南１丁目７－１',
    cityCode: '103',
    postCode: '1080075',
    furigana: 'ソニー',
    enName: 'Sony Corporation',
    enPrefectureName: 'Tokyo',
    enCityName: '1-7-1 Konan, Minato ku',
    latest: false,
  });
  const renameBefore = fixed({
    corporateNumber: '8040001999013',
    name: '株式会社商号変更前',
    kind: '301',
    prefectureName: '千葉県',
    cityName: '千葉市中央区',
    streetNumber: '中央１丁目１－１',
    prefectureCode: '12',
    cityCode: '101',
    postCode: '2600013',
    furigana: 'ショウゴウヘンコウマエ',
    latest: false,
  });
  return [
    {
      rows: [
        fixed({
          corporateNumber: toyota,
          name: 'トヨタ自動車株式会社',
          kind: '301',
          prefectureName: '愛知県',
          cityName: '豊田市',
          streetNumber: 'トヨタ町１番地',
          prefectureCode: '23',
          cityCode: '211',
          postCode: '4718571',
          furigana: 'トヨタジドウシャ',
          enName: 'TOYOTA MOTOR CORPORATION',
          enPrefectureName: 'Aichi',
          enCityName: '1 Toyota-cho, Toyota shi',
        }),
      ],
    },
    {
      rows: [
        sonyBefore,
        {
          ...sonyBefore,
          process: '11',
          name: 'ソニーグループ株式会社',
          furigana: 'ソニーグループ',
          enName: 'Sony Group Corporation',
          changeDate: '2021-04-01',
          updateDate: '2021-04-05',
          latest: true,
        },
      ],
    },
    {
      rows: [
        fixed({
          corporateNumber: '7010001008844',
          name: '日本電信電話株式会社',
          kind: '301',
          streetNumber: '大手町１丁目５－１',
          postCode: '1000004',
          furigana: 'ニッポンデンシンデンワ',
          enName: 'NIPPON TELEGRAPH AND TELEPHONE CORPORATION',
          enPrefectureName: 'Tokyo',
          enCityName: '1-5-1 Otemachi, Chiyoda ku',
        }),
      ],
    },
    {
      rows: [
        fixed({
          corporateNumber: '7000012050002',
          name: '国税庁',
          kind: '101',
          streetNumber: '霞が関３丁目１－１',
          postCode: '1008978',
          furigana: 'コクゼイチョウ',
          enName: 'National Tax Agency',
          enPrefectureName: 'Tokyo',
          enCityName: '3-1-1 Kasumigaseki, Chiyoda ku',
        }),
      ],
    },
    // The NTA specification's own example of a name change (domain.md §1).
    {
      rows: [
        renameBefore,
        {
          ...renameBefore,
          process: '11',
          name: '株式会社商号変更後',
          furigana: 'ショウゴウヘンコウアト',
          changeDate: '2017-05-09',
          updateDate: '2017-05-12',
          latest: true,
        },
      ],
    },
    {
      rows: [
        fixed({
          corporateNumber: fictional(1),
          name: '株式会社Ｔ＆Ｍコンサルティング',
          kind: '301',
          cityName: '港区',
          streetNumber: '芝公園２丁目４－１',
          cityCode: '103',
          postCode: '1050011',
          furigana: 'ティーアンドエムコンサルティング',
          enName: 'T&M Consulting Co., Ltd.',
          enPrefectureName: 'Tokyo',
          enCityName: '2-4-1 Shibakoen, Minato ku',
        }),
      ],
    },
    {
      rows: [
        fixed({
          corporateNumber: fictional(2, '10'),
          name: '株式会社髙﨑德商店',
          kind: '301',
          prefectureName: '群馬県',
          cityName: '高崎市',
          streetNumber: '本町１丁目２－３',
          prefectureCode: '10',
          cityCode: '202',
          postCode: '3700815',
          furigana: 'タカサキトクショウテン',
        }),
      ],
    },
    {
      rows: [
        fixed({
          corporateNumber: fictional(3, '23'),
          name: '𠮷田食品株式会社',
          kind: '301',
          prefectureName: '愛知県',
          cityName: '名古屋市中区',
          streetNumber: '錦３丁目１－１',
          prefectureCode: '23',
          cityCode: '106',
          postCode: '4600003',
          furigana: 'ヨシダショクヒン',
        }),
      ],
    },
    {
      rows: [
        fixed({
          corporateNumber: fictional(4, '27'),
          name: 'ｶﾌｪﾗﾃ株式会社',
          kind: '301',
          prefectureName: '大阪府',
          cityName: '大阪市北区',
          streetNumber: '梅田１丁目１－３',
          prefectureCode: '27',
          cityCode: '127',
          postCode: '5300001',
          furigana: 'カフェラテ',
        }),
      ],
    },
    {
      rows: [
        fixed({
          corporateNumber: fictional(5),
          name: '株式会社トップ',
          kind: '301',
          furigana: 'トップ',
          enName: '"TOP" CO., LTD.',
          enPrefectureName: 'Tokyo',
          enCityName: '1-1-1 Marunouchi, Chiyoda ku',
        }),
      ],
    },
    {
      rows: [
        fixed({
          corporateNumber: fictional(6),
          name: '株式会社清算結了サンプル',
          kind: '301',
          furigana: 'セイサンケツリョウサンプル',
          process: '21',
          changeDate: '2020-03-31',
          updateDate: '2020-04-06',
          closeDate: '2020-03-31',
          closeCause: '01',
        }),
      ],
    },
    {
      rows: [
        fixed({
          corporateNumber: fictional(7, '23'),
          name: '株式会社合併消滅サンプル',
          kind: '301',
          prefectureName: '愛知県',
          cityName: '豊田市',
          streetNumber: '元町１番地',
          prefectureCode: '23',
          cityCode: '211',
          postCode: '4718501',
          furigana: 'ガッペイショウメツサンプル',
          process: '71',
          changeDate: '2019-01-01',
          updateDate: '2019-01-08',
          closeDate: '2019-01-01',
          closeCause: '11',
          successorCorporateNumber: toyota,
          changeCause: '2019年1月1日愛知県豊田市トヨタ町１番地トヨタ自動車株式会社に合併し解散',
        }),
      ],
    },
    {
      rows: [
        fixed({
          corporateNumber: fictional(8),
          name: '株式会社検索対象除外サンプル',
          kind: '301',
          furigana: 'ケンサクタイショウジョガイサンプル',
          hihyoji: true,
        }),
      ],
    },
    // An address written the way 登記 writes it (漢数字 丁目, 番・号), for the address field:
    // 「丸の内2丁目」「丸の内２－７」 find it (tests/e2e/search-place.spec.ts).
    {
      rows: [
        fixed({
          corporateNumber: fictional(9),
          name: '株式会社ヤエス精機',
          kind: '301',
          streetNumber: '丸の内二丁目７番２号',
          furigana: 'ヤエスセイキ',
        }),
      ],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// CSV

const quote = (v: string | null): string => (v === null ? '' : v.includes('"') ? `"${v.replaceAll('"', '""')}"` : `"${v}"`);
const bare = (v: string | null): string => v ?? '';

/**
 * One NTA CSV line (with CRLF). Text is quoted, codes, numbers and dates bare, as in the NTA's
 * files. `columns` 29 drops hihyoji, 28 also furigana (older layouts, domain.md §1).
 */
export function formatNtaLine(r: NtaRecord, sequenceNumber: number, columns: 28 | 29 | 30 = 30): string {
  let line =
    `${sequenceNumber},${r.corporateNumber},${r.process},${r.correct},${r.updateDate},${r.changeDate},${quote(r.name)},` +
    `${bare(r.nameImageId)},${r.kind},${quote(r.prefectureName)},${quote(r.cityName)},${quote(r.streetNumber)},` +
    `${bare(r.addressImageId)},${bare(r.prefectureCode)},${bare(r.cityCode)},${bare(r.postCode)},${quote(r.addressOutside)},` +
    `${bare(r.addressOutsideImageId)},${bare(r.closeDate)},${bare(r.closeCause)},${bare(r.successorCorporateNumber)},` +
    `${quote(r.changeCause)},${r.assignmentDate},${r.latest ? '1' : '0'},${quote(r.enName)},${quote(r.enPrefectureName)},` +
    `${quote(r.enCityName)},${quote(r.enAddressOutside)}`;
  if (columns >= 29) line += `,${quote(r.furigana)}`;
  if (columns === 30) line += `,${r.hihyoji ? '1' : '0'}`;
  return `${line}\r\n`;
}
