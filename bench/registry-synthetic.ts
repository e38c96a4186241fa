/**
 * Deterministic synthetic NTA rows for the registry benchmark (bench/registry-search.ts) when the
 * real sample generator is not used. Names are built like real ones — surnames and place names,
 * business words with a Zipf-like spread (建設, 工業, 日本 are common; random kanji pairs and
 * katakana words are rare), legal forms before or after, full-width Latin letters, a few old kanji
 * forms — with readings, prefectures weighted by company counts, closures, history rows (former
 * names) and hihyoji rows. It is not the product's sample generator (scripts/registry-generate.ts).
 */
import { withCheckDigit, type NtaKind, type NtaRow } from '../src/features/registry';

import { rng } from './support';

type Word = readonly [text: string, reading: string];

function words(spec: string): Word[] {
  return spec
    .trim()
    .split(/\s+/)
    .map((w) => {
      const [t, r] = w.split(':');
      return [t as string, r as string] as const;
    });
}

export const SURNAMES = words(`
田中:タナカ 佐藤:サトウ 鈴木:スズキ 高橋:タカハシ 伊藤:イトウ 渡辺:ワタナベ 山本:ヤマモト 中村:ナカムラ 小林:コバヤシ 加藤:カトウ
吉田:ヨシダ 山田:ヤマダ 佐々木:ササキ 山口:ヤマグチ 松本:マツモト 井上:イノウエ 木村:キムラ 林:ハヤシ 斎藤:サイトウ 清水:シミズ
山崎:ヤマザキ 森:モリ 池田:イケダ 橋本:ハシモト 阿部:アベ 石川:イシカワ 山下:ヤマシタ 中島:ナカジマ 石井:イシイ 小川:オガワ
前田:マエダ 岡田:オカダ 長谷川:ハセガワ 藤田:フジタ 後藤:ゴトウ 近藤:コンドウ 村上:ムラカミ 遠藤:エンドウ 青木:アオキ 坂本:サカモト
斉藤:サイトウ 福田:フクダ 太田:オオタ 西村:ニシムラ 藤井:フジイ 金子:カネコ 岡本:オカモト 藤原:フジワラ 中野:ナカノ 三浦:ミウラ
原田:ハラダ 中川:ナカガワ 松田:マツダ 竹内:タケウチ 小野:オノ 田村:タムラ 中山:ナカヤマ 和田:ワダ 石田:イシダ 森田:モリタ
上田:ウエダ 原:ハラ 内田:ウチダ 柴田:シバタ 酒井:サカイ 宮崎:ミヤザキ 横山:ヨコヤマ 高木:タカギ 安藤:アンドウ 宮本:ミヤモト
大野:オオノ 小島:コジマ 谷口:タニグチ 今井:イマイ 工藤:クドウ 高田:タカダ 増田:マスダ 丸山:マルヤマ 杉山:スギヤマ 村田:ムラタ
大塚:オオツカ 小山:コヤマ 平野:ヒラノ 藤本:フジモト 河野:コウノ 上野:ウエノ 野口:ノグチ 武田:タケダ 松井:マツイ 千葉:チバ
髙橋:タカハシ 山﨑:ヤマザキ 德永:トクナガ 渡邊:ワタナベ 齋藤:サイトウ 澤田:サワダ 濱田:ハマダ 豊田:トヨダ 本田:ホンダ 松下:マツシタ
`);

export const PLACES = words(`
日本:ニホン 東京:トウキョウ 大阪:オオサカ 名古屋:ナゴヤ 横浜:ヨコハマ 京都:キョウト 神戸:コウベ 札幌:サッポロ 福岡:フクオカ 仙台:センダイ
北海道:ホッカイドウ 九州:キュウシュウ 関西:カンサイ 関東:カントウ 東北:トウホク 中部:チュウブ 四国:シコク 北陸:ホクリク 中央:チュウオウ 東洋:トウヨウ
大和:ヤマト 富士:フジ 三和:サンワ 共栄:キョウエイ 協和:キョウワ 大同:ダイドウ 太平洋:タイヘイヨウ 新日本:シンニホン 全日本:ゼンニホン 湘南:ショウナン
千葉:チバ 埼玉:サイタマ 広島:ヒロシマ 岡山:オカヤマ 静岡:シズオカ 新潟:ニイガタ 長野:ナガノ 熊本:クマモト 鹿児島:カゴシマ 沖縄:オキナワ
`);

export const BUSINESS = words(`
建設:ケンセツ 工業:コウギョウ 産業:サンギョウ 商事:ショウジ 興業:コウギョウ 不動産:フドウサン 企画:キカク 運輸:ウンユ 設計:セッケイ 工務店:コウムテン
電気:デンキ 電機:デンキ 機械:キカイ 製作所:セイサクショ 食品:ショクヒン 物産:ブッサン 商会:ショウカイ 商店:ショウテン 技研:ギケン 開発:カイハツ
総業:ソウギョウ 住宅:ジュウタク 印刷:インサツ 運送:ウンソウ 塗装:トソウ 設備:セツビ 土木:ドボク 板金:バンキン 農園:ノウエン 観光:カンコウ
交通:コウツウ 薬局:ヤッキョク 保険:ホケン 事務所:ジムショ 研究所:ケンキュウジョ 会計:カイケイ 経営:ケイエイ 情報:ジョウホウ 通信:ツウシン 精工:セイコウ
化学:カガク 鉄工所:テッコウショ 自動車:ジドウシャ 建築:ケンチク 測量:ソクリョウ 電設:デンセツ 管工:カンコウ 造園:ゾウエン 警備:ケイビ 清掃:セイソウ
`);

export const KATAKANA = words(`
コンサルティング:コンサルティング システム:システム サービス:サービス ホールディングス:ホールディングス エンジニアリング:エンジニアリング テクノロジー:テクノロジー
マネジメント:マネジメント ソリューションズ:ソリューションズ プランニング:プランニング デザイン:デザイン クリエイト:クリエイト ネットワーク:ネットワーク
メディア:メディア ファーム:ファーム トラスト:トラスト パートナーズ:パートナーズ インターナショナル:インターナショナル ジャパン:ジャパン グループ:グループ
ラボ:ラボ ワークス:ワークス エンタープライズ:エンタープライズ ホーム:ホーム ライフ:ライフ ケア:ケア フーズ:フーズ トレーディング:トレーディング
トヨタ:トヨタ ソニー:ソニー キヤノン:キヤノン リサーチ:リサーチ アセット:アセット ロジスティクス:ロジスティクス ファクトリー:ファクトリー
`);

const KANJI_POOL =
  '安井宇栄永英園加可河花華賀雅海界開角学楽株甘丸岩喜基希貴輝義吉久宮弓京協恭橋興金銀光幸康広弘恒功巧高昌晶松翔照常信新森仁正成星清盛精誠静石千泉善創想蒼大拓達丹智中朝長直哲天都東藤徳南寧之白博伯八繁飛美富福文豊宝芳峰隆優裕雄陽洋理里陸立竜良亮和';
const KANJI_READ = [
  'アン',
  'イ',
  'ウ',
  'エイ',
  'エイ',
  'エン',
  'カ',
  'カ',
  'カ',
  'カ',
  'カ',
  'ガ',
  'ガ',
  'カイ',
  'カイ',
  'カイ',
  'カク',
  'ガク',
  'ラク',
  'カブ',
  'カン',
  'マル',
  'イワ',
  'キ',
  'キ',
  'キョウ',
  'キ',
  'キ',
  'キ',
  'ギ',
  'キチ',
  'キュウ',
  'キュウ',
  'キュウ',
  'キョウ',
  'キョウ',
  'キョウ',
  'キョウ',
  'コウ',
  'キン',
  'ギン',
  'コウ',
  'コウ',
  'コウ',
  'コウ',
  'コウ',
  'コウ',
  'コウ',
  'コウ',
  'ショウ',
  'ショウ',
  'ショウ',
  'ショウ',
  'ショウ',
  'ジョウ',
  'シン',
  'シン',
  'シン',
  'ジン',
  'セイ',
  'セイ',
  'セイ',
  'セイ',
  'セイ',
  'セイ',
  'セイ',
  'セイ',
  'セキ',
  'セン',
  'セン',
  'ゼン',
  'ソウ',
  'ソウ',
  'ソウ',
  'ダイ',
  'タク',
  'タツ',
  'タン',
  'チ',
  'チュウ',
  'チョウ',
  'チョウ',
  'チョク',
  'テツ',
  'テン',
  'ト',
  'トウ',
  'トウ',
  'トク',
  'ナン',
  'ネイ',
  'シ',
  'ハク',
  'ハク',
  'ハク',
  'ハチ',
  'ハン',
  'ヒ',
  'ビ',
  'フ',
  'フク',
  'ブン',
  'ホウ',
  'ホウ',
  'ホウ',
  'ホウ',
  'リュウ',
  'ユウ',
  'ユウ',
  'ユウ',
  'ヨウ',
  'ヨウ',
  'リ',
  'リ',
  'リク',
  'リツ',
  'リュウ',
  'リョウ',
  'リョウ',
  'ワ',
];
const SYLLABLES =
  'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワンガギグゲゴザジズゼゾダデドバビブベボパピプペポ'.split(
    '',
  );
const LATIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const LATIN_READ = [
  'エー',
  'ビー',
  'シー',
  'ディー',
  'イー',
  'エフ',
  'ジー',
  'エイチ',
  'アイ',
  'ジェー',
  'ケー',
  'エル',
  'エム',
  'エヌ',
  'オー',
  'ピー',
  'キュー',
  'アール',
  'エス',
  'ティー',
  'ユー',
  'ブイ',
  'ダブリュー',
  'エックス',
  'ワイ',
  'ゼット',
];

/** Prefecture weights (roughly 法人 counts per prefecture, in thousandths), JIS order 01–47. */
const PREF_WEIGHTS = [
  40, 8, 7, 14, 6, 6, 11, 18, 13, 13, 36, 30, 170, 55, 15, 7, 8, 6, 5, 13, 12, 24, 55, 11, 8, 20, 80, 37, 7, 7, 4, 5, 14, 20, 9, 5, 7, 9, 6,
  40, 6, 9, 12, 8, 8, 11, 12,
];
export const PREF_NAMES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
];

const LEGAL: { kind: NtaKind; word: string; weight: number }[] = [
  { kind: '301', word: '株式会社', weight: 55 },
  { kind: '302', word: '有限会社', weight: 25 },
  { kind: '305', word: '合同会社', weight: 8 },
  { kind: '304', word: '合資会社', weight: 1.5 },
  { kind: '303', word: '合名会社', weight: 0.4 },
  { kind: '399', word: '一般社団法人', weight: 3 },
  { kind: '399', word: '医療法人社団', weight: 2 },
  { kind: '399', word: '特定非営利活動法人', weight: 2 },
  { kind: '399', word: '社会福祉法人', weight: 1 },
  { kind: '499', word: '', weight: 2 },
  { kind: '401', word: '', weight: 0.3 },
  { kind: '201', word: '', weight: 0.1 },
  { kind: '101', word: '', weight: 0.02 },
];

function cumulative(weights: readonly number[]): number[] {
  let s = 0;
  const out = weights.map((w) => (s += w));
  return out.map((x) => x / s);
}

function pickIndex(cum: readonly number[], r: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cum[mid] as number) < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A Zipf-like pick (weight 1/(i+2)^0.8): early entries are more frequent, none dominates. */
const zipfTables = new WeakMap<readonly unknown[], number[]>();
function zipf<T>(list: readonly T[], rand: () => number): T {
  let cum = zipfTables.get(list);
  if (cum === undefined) {
    cum = cumulative(list.map((_, i) => 1 / Math.pow(i + 2, 0.8)));
    zipfTables.set(list, cum);
  }
  return list[pickIndex(cum, rand())] as T;
}

export interface SyntheticOptions {
  /** Number of companies (latest rows). */
  rows: number;
  seed?: number;
  /** Share of companies with one or two former names (history rows). */
  historyShare?: number;
}

const fw = (s: string) => s.replace(/[A-Za-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/**
 * Companies in 法人番号 order, in batches (like the NTA reader). Each company yields its history
 * rows (latest = 0) before its current row.
 */
export function* syntheticRows(options: SyntheticOptions): Generator<NtaRow[]> {
  const rand = rng(options.seed ?? 20260130);
  const historyShare = options.historyShare ?? 0.02;
  const prefCum = cumulative(PREF_WEIGHTS);
  const legalCum = cumulative(LEGAL.map((l) => l.weight));
  const kanjiWord = (): Word => {
    const a = Math.floor(rand() * KANJI_POOL.length);
    const b = Math.floor(rand() * KANJI_POOL.length);
    return [(KANJI_POOL[a] as string) + (KANJI_POOL[b] as string), (KANJI_READ[a] ?? 'ア') + (KANJI_READ[b] ?? 'ア')];
  };
  const kataWord = (): Word => {
    const n = 2 + Math.floor(rand() * 4);
    let s = '';
    for (let i = 0; i < n; i++) s += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (rand() < 0.3) s += 'ー';
    return [s, s];
  };
  const latinWord = (): Word => {
    const n = 2 + Math.floor(rand() * 2);
    let t = '';
    let r = '';
    for (let i = 0; i < n; i++) {
      const k = Math.floor(rand() * 26);
      t += LATIN[k];
      r += LATIN_READ[k];
    }
    if (n === 2 && rand() < 0.3) t = `${t[0]}＆${t[1]}`;
    return [fw(t), r];
  };
  const core = (): Word[] => {
    const p = rand();
    if (p < 0.25) return [zipf(SURNAMES, rand), zipf(BUSINESS, rand)];
    if (p < 0.35) return [zipf(PLACES, rand), zipf(BUSINESS, rand)];
    if (p < 0.5) return [kanjiWord(), zipf(BUSINESS, rand)];
    if (p < 0.6) return [zipf(SURNAMES, rand), kanjiWord(), zipf(BUSINESS, rand)];
    if (p < 0.75) return [kataWord(), zipf(KATAKANA, rand)];
    if (p < 0.83) return [zipf(KATAKANA, rand), zipf(KATAKANA, rand)];
    if (p < 0.9) return [zipf(PLACES, rand), zipf(KATAKANA, rand)];
    if (p < 0.95) return [latinWord(), rand() < 0.5 ? zipf(KATAKANA, rand) : zipf(BUSINESS, rand)];
    return [kataWord(), zipf(BUSINESS, rand)];
  };
  const makeName = (): { name: string; furigana: string; kind: NtaKind } => {
    const legal = LEGAL[pickIndex(legalCum, rand())] as (typeof LEGAL)[number];
    const parts = core();
    const body = parts.map((w) => w[0]).join('');
    const reading = parts.map((w) => w[1]).join('');
    const name = legal.word === '' ? body : rand() < 0.5 ? legal.word + body : body + legal.word;
    return { name, furigana: reading, kind: legal.kind };
  };

  const batch = 10_000;
  let out: NtaRow[] = [];
  let seq = 0;
  // Bases are spread over the number space like real registry-office codes.
  let base = 100000000000;
  for (let i = 0; i < options.rows; i++) {
    base += 1 + Math.floor(rand() * 300);
    const corporateNumber = withCheckDigit(String(base));
    const pref = pickIndex(prefCum, rand());
    const prefCode = String(pref + 1).padStart(2, '0');
    const { name, furigana, kind } = makeName();
    const closed = rand() < 0.2;
    const year = 2015 + Math.floor(rand() * 11);
    const date = `${year}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
    const row: NtaRow = {
      sequenceNumber: ++seq,
      corporateNumber,
      process: closed ? '21' : '01',
      correct: '0',
      updateDate: date,
      changeDate: date,
      name,
      nameImageId: null,
      kind,
      prefectureName: PREF_NAMES[pref] as string,
      cityName: `${zipf(PLACES, rand)[0]}市`,
      streetNumber: `${1 + Math.floor(rand() * 9)}丁目${1 + Math.floor(rand() * 30)}番${1 + Math.floor(rand() * 20)}号`,
      addressImageId: null,
      prefectureCode: prefCode,
      cityCode: String(100 + Math.floor(rand() * 800)),
      postCode: String(1000000 + Math.floor(rand() * 8999999)),
      addressOutside: null,
      addressOutsideImageId: null,
      closeDate: closed ? date : null,
      closeCause: closed ? '01' : null,
      successorCorporateNumber: null,
      changeCause: null,
      assignmentDate: '2015-10-05',
      latest: true,
      enName: null,
      enPrefectureName: null,
      enCityName: null,
      enAddressOutside: null,
      furigana: rand() < 0.9 ? furigana : null,
      hihyoji: rand() < 0.001,
      file: 'synthetic',
      line: seq,
    };
    if (rand() < historyShare) {
      const n = 1 + Math.floor(rand() * 2);
      for (let h = 0; h < n; h++) {
        const former = makeName();
        out.push({
          ...row,
          sequenceNumber: ++seq,
          process: '01',
          updateDate: `${2015 - n + h}-04-01`,
          changeDate: `${2015 - n + h}-04-01`,
          name: former.name,
          furigana: former.furigana,
          closeDate: null,
          closeCause: null,
          latest: false,
          line: seq,
        });
      }
      row.process = closed ? '21' : '11';
    }
    out.push(row);
    if (out.length >= batch) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}
