/**
 * Vocabulary for the synthetic NTA sample data (scripts/registry-generate.ts). Plausible, not
 * authoritative: prefecture and city codes follow JIS X 0401/0402 for the places listed, post-code
 * prefixes the real regional ranges, weights roughly the number of corporations per prefecture.
 * Readings are full-width katakana as in the NTA フリガナ column (legal-form words excluded).
 */

/** [word, reading, weight] */
export type Word = readonly [string, string, number];

export interface City {
  name: string;
  code: string;
  /** English as the NTA writes it: `Minato ku`, `Toyota shi`. */
  en: string;
  /** First three digits of the post code. */
  post: string;
  weight: number;
}

export interface Prefecture {
  code: string;
  name: string;
  /** Used in full-file names: `13_tokyo_all_YYYYMMDD`. */
  slug: string;
  en: string;
  weight: number;
  cities: City[];
}

// name|code|romaji|post|weight; ;-separated
const P: [string, string, string, string, number, string][] = [
  [
    '01',
    '北海道',
    'hokkaido',
    'Hokkaido',
    190,
    '札幌市中央区|101|Sapporo shi Chuo ku|060|5;札幌市北区|102|Sapporo shi Kita ku|001|2;旭川市|204|Asahikawa shi|070|2;函館市|202|Hakodate shi|040|2',
  ],
  ['02', '青森県', 'aomori', 'Aomori', 32, '青森市|201|Aomori shi|030|3;八戸市|203|Hachinohe shi|031|2;弘前市|202|Hirosaki shi|036|2'],
  ['03', '岩手県', 'iwate', 'Iwate', 32, '盛岡市|201|Morioka shi|020|4;一関市|209|Ichinoseki shi|021|1;奥州市|215|Oshu shi|023|1'],
  [
    '04',
    '宮城県',
    'miyagi',
    'Miyagi',
    75,
    '仙台市青葉区|101|Sendai shi Aoba ku|980|5;仙台市宮城野区|102|Sendai shi Miyagino ku|983|2;石巻市|202|Ishinomaki shi|986|1',
  ],
  ['05', '秋田県', 'akita', 'Akita', 25, '秋田市|201|Akita shi|010|4;横手市|203|Yokote shi|013|1;大仙市|212|Daisen shi|014|1'],
  ['06', '山形県', 'yamagata', 'Yamagata', 32, '山形市|201|Yamagata shi|990|3;米沢市|202|Yonezawa shi|992|1;鶴岡市|203|Tsuruoka shi|997|1'],
  [
    '07',
    '福島県',
    'fukushima',
    'Fukushima',
    55,
    '福島市|201|Fukushima shi|960|2;郡山市|203|Koriyama shi|963|3;いわき市|204|Iwaki shi|970|2',
  ],
  ['08', '茨城県', 'ibaraki', 'Ibaraki', 80, '水戸市|201|Mito shi|310|3;つくば市|220|Tsukuba shi|305|2;日立市|202|Hitachi shi|317|1'],
  ['09', '栃木県', 'tochigi', 'Tochigi', 60, '宇都宮市|201|Utsunomiya shi|320|4;小山市|208|Oyama shi|323|1;足利市|202|Ashikaga shi|326|1'],
  ['10', '群馬県', 'gunma', 'Gunma', 62, '前橋市|201|Maebashi shi|371|2;高崎市|202|Takasaki shi|370|3;太田市|205|Ota shi|373|1'],
  [
    '11',
    '埼玉県',
    'saitama',
    'Saitama',
    200,
    'さいたま市大宮区|103|Saitama shi Omiya ku|330|3;さいたま市浦和区|107|Saitama shi Urawa ku|330|2;川口市|203|Kawaguchi shi|332|3;川越市|201|Kawagoe shi|350|2;所沢市|208|Tokorozawa shi|359|1',
  ],
  [
    '12',
    '千葉県',
    'chiba',
    'Chiba',
    170,
    '千葉市中央区|101|Chiba shi Chuo ku|260|3;船橋市|204|Funabashi shi|273|2;柏市|217|Kashiwa shi|277|2;松戸市|207|Matsudo shi|271|2',
  ],
  [
    '13',
    '東京都',
    'tokyo',
    'Tokyo',
    1100,
    '千代田区|101|Chiyoda ku|100|8;中央区|102|Chuo ku|103|10;港区|103|Minato ku|105|12;新宿区|104|Shinjuku ku|160|8;渋谷区|113|Shibuya ku|150|8;品川区|109|Shinagawa ku|141|5;台東区|106|Taito ku|110|4;豊島区|116|Toshima ku|170|4;世田谷区|112|Setagaya ku|154|6;江東区|108|Koto ku|135|4;大田区|111|Ota ku|143|5;八王子市|201|Hachioji shi|192|3;立川市|202|Tachikawa shi|190|2;武蔵野市|203|Musashino shi|180|2',
  ],
  [
    '14',
    '神奈川県',
    'kanagawa',
    'Kanagawa',
    300,
    '横浜市中区|104|Yokohama shi Naka ku|231|4;横浜市西区|103|Yokohama shi Nishi ku|220|3;横浜市港北区|109|Yokohama shi Kohoku ku|222|3;川崎市川崎区|131|Kawasaki shi Kawasaki ku|210|3;相模原市中央区|152|Sagamihara shi Chuo ku|252|2;藤沢市|205|Fujisawa shi|251|2',
  ],
  [
    '15',
    '新潟県',
    'niigata',
    'Niigata',
    75,
    '新潟市中央区|103|Niigata shi Chuo ku|950|4;長岡市|202|Nagaoka shi|940|2;上越市|222|Joetsu shi|943|1',
  ],
  ['16', '富山県', 'toyama', 'Toyama', 33, '富山市|201|Toyama shi|930|3;高岡市|202|Takaoka shi|933|1'],
  ['17', '石川県', 'ishikawa', 'Ishikawa', 38, '金沢市|201|Kanazawa shi|920|4;小松市|203|Komatsu shi|923|1'],
  ['18', '福井県', 'fukui', 'Fukui', 26, '福井市|201|Fukui shi|910|3;敦賀市|202|Tsuruga shi|914|1'],
  ['19', '山梨県', 'yamanashi', 'Yamanashi', 27, '甲府市|201|Kofu shi|400|3;富士吉田市|202|Fujiyoshida shi|403|1'],
  ['20', '長野県', 'nagano', 'Nagano', 70, '長野市|201|Nagano shi|380|3;松本市|202|Matsumoto shi|390|2;上田市|203|Ueda shi|386|1'],
  ['21', '岐阜県', 'gifu', 'Gifu', 65, '岐阜市|201|Gifu shi|500|3;大垣市|202|Ogaki shi|503|1;多治見市|204|Tajimi shi|507|1'],
  [
    '22',
    '静岡県',
    'shizuoka',
    'Shizuoka',
    110,
    '静岡市葵区|101|Shizuoka shi Aoi ku|420|3;浜松市中央区|138|Hamamatsu shi Chuo ku|430|3;沼津市|203|Numazu shi|410|1;富士市|210|Fuji shi|416|1',
  ],
  [
    '23',
    '愛知県',
    'aichi',
    'Aichi',
    260,
    '名古屋市中区|106|Nagoya shi Naka ku|460|5;名古屋市中村区|105|Nagoya shi Nakamura ku|450|3;名古屋市東区|102|Nagoya shi Higashi ku|461|2;豊田市|211|Toyota shi|471|2;岡崎市|202|Okazaki shi|444|2;一宮市|203|Ichinomiya shi|491|1',
  ],
  ['24', '三重県', 'mie', 'Mie', 50, '津市|201|Tsu shi|514|2;四日市市|202|Yokkaichi shi|510|2;鈴鹿市|207|Suzuka shi|513|1'],
  ['25', '滋賀県', 'shiga', 'Shiga', 35, '大津市|201|Otsu shi|520|2;草津市|206|Kusatsu shi|525|1;彦根市|202|Hikone shi|522|1'],
  [
    '26',
    '京都府',
    'kyoto',
    'Kyoto',
    100,
    '京都市中京区|104|Kyoto shi Nakagyo ku|604|4;京都市下京区|106|Kyoto shi Shimogyo ku|600|3;宇治市|204|Uji shi|611|1;福知山市|201|Fukuchiyama shi|620|1',
  ],
  [
    '27',
    '大阪府',
    'osaka',
    'Osaka',
    400,
    '大阪市北区|127|Osaka shi Kita ku|530|6;大阪市中央区|128|Osaka shi Chuo ku|541|6;大阪市西区|106|Osaka shi Nishi ku|550|3;大阪市淀川区|123|Osaka shi Yodogawa ku|532|2;堺市堺区|141|Sakai shi Sakai ku|590|2;東大阪市|227|Higashiosaka shi|577|2;豊中市|203|Toyonaka shi|560|1;吹田市|205|Suita shi|564|1',
  ],
  [
    '28',
    '兵庫県',
    'hyogo',
    'Hyogo',
    180,
    '神戸市中央区|110|Kobe shi Chuo ku|650|4;姫路市|201|Himeji shi|670|2;西宮市|204|Nishinomiya shi|662|2;尼崎市|202|Amagasaki shi|660|2',
  ],
  ['29', '奈良県', 'nara', 'Nara', 30, '奈良市|201|Nara shi|630|3;橿原市|205|Kashihara shi|634|1'],
  ['30', '和歌山県', 'wakayama', 'Wakayama', 28, '和歌山市|201|Wakayama shi|640|3;田辺市|206|Tanabe shi|646|1'],
  ['31', '鳥取県', 'tottori', 'Tottori', 15, '鳥取市|201|Tottori shi|680|2;米子市|202|Yonago shi|683|2'],
  ['32', '島根県', 'shimane', 'Shimane', 18, '松江市|201|Matsue shi|690|2;出雲市|203|Izumo shi|693|1'],
  ['33', '岡山県', 'okayama', 'Okayama', 58, '岡山市北区|101|Okayama shi Kita ku|700|3;倉敷市|202|Kurashiki shi|710|2'],
  [
    '34',
    '広島県',
    'hiroshima',
    'Hiroshima',
    100,
    '広島市中区|101|Hiroshima shi Naka ku|730|4;福山市|207|Fukuyama shi|720|2;呉市|202|Kure shi|737|1',
  ],
  [
    '35',
    '山口県',
    'yamaguchi',
    'Yamaguchi',
    40,
    '山口市|203|Yamaguchi shi|753|2;下関市|201|Shimonoseki shi|750|2;周南市|215|Shunan shi|745|1',
  ],
  ['36', '徳島県', 'tokushima', 'Tokushima', 22, '徳島市|201|Tokushima shi|770|3;阿南市|204|Anan shi|774|1'],
  ['37', '香川県', 'kagawa', 'Kagawa', 32, '高松市|201|Takamatsu shi|760|3;丸亀市|202|Marugame shi|763|1'],
  ['38', '愛媛県', 'ehime', 'Ehime', 42, '松山市|201|Matsuyama shi|790|3;今治市|202|Imabari shi|794|1;新居浜市|205|Niihama shi|792|1'],
  ['39', '高知県', 'kochi', 'Kochi', 22, '高知市|201|Kochi shi|780|3;南国市|204|Nankoku shi|783|1'],
  [
    '40',
    '福岡県',
    'fukuoka',
    'Fukuoka',
    190,
    '福岡市博多区|132|Fukuoka shi Hakata ku|812|4;福岡市中央区|133|Fukuoka shi Chuo ku|810|4;北九州市小倉北区|106|Kitakyushu shi Kokurakita ku|802|2;久留米市|203|Kurume shi|830|1',
  ],
  ['41', '佐賀県', 'saga', 'Saga', 22, '佐賀市|201|Saga shi|840|3;唐津市|202|Karatsu shi|847|1'],
  ['42', '長崎県', 'nagasaki', 'Nagasaki', 36, '長崎市|201|Nagasaki shi|850|3;佐世保市|202|Sasebo shi|857|2'],
  ['43', '熊本県', 'kumamoto', 'Kumamoto', 50, '熊本市中央区|101|Kumamoto shi Chuo ku|860|4;八代市|202|Yatsushiro shi|866|1'],
  ['44', '大分県', 'oita', 'Oita', 35, '大分市|201|Oita shi|870|3;別府市|202|Beppu shi|874|1'],
  ['45', '宮崎県', 'miyazaki', 'Miyazaki', 32, '宮崎市|201|Miyazaki shi|880|3;都城市|202|Miyakonojo shi|885|1'],
  ['46', '鹿児島県', 'kagoshima', 'Kagoshima', 48, '鹿児島市|201|Kagoshima shi|890|4;霧島市|218|Kirishima shi|899|1'],
  ['47', '沖縄県', 'okinawa', 'Okinawa', 50, '那覇市|201|Naha shi|900|4;沖縄市|211|Okinawa shi|904|1;浦添市|208|Urasoe shi|901|1'],
];

export const PREFECTURES: Prefecture[] = P.map(([code, name, slug, en, weight, cities]) => ({
  code,
  name,
  slug,
  en,
  weight,
  cities: cities.split(';').map((c) => {
    const [cname, ccode, cen, post, w] = c.split('|') as [string, string, string, string, string];
    return { name: cname, code: ccode, en: cen, post, weight: Number(w) };
  }),
}));

/** [town, romaji] */
export const TOWNS: readonly (readonly [string, string])[] = [
  ['本町', 'Honcho'],
  ['栄町', 'Sakaemachi'],
  ['中央', 'Chuo'],
  ['緑町', 'Midoricho'],
  ['旭町', 'Asahimachi'],
  ['駅前', 'Ekimae'],
  ['錦', 'Nishiki'],
  ['大手町', 'Otemachi'],
  ['南町', 'Minamimachi'],
  ['北町', 'Kitamachi'],
  ['東町', 'Higashimachi'],
  ['西町', 'Nishimachi'],
  ['新町', 'Shinmachi'],
  ['桜町', 'Sakuramachi'],
  ['若葉', 'Wakaba'],
  ['城東', 'Joto'],
  ['城南', 'Jonan'],
  ['港町', 'Minatomachi'],
  ['寿町', 'Kotobukicho'],
  ['昭和町', 'Showacho'],
  ['平和町', 'Heiwacho'],
  ['宮町', 'Miyamachi'],
  ['元町', 'Motomachi'],
  ['住吉町', 'Sumiyoshicho'],
  ['八幡町', 'Hachimanmachi'],
  ['高砂', 'Takasago'],
  ['日の出町', 'Hinodecho'],
  ['松原', 'Matsubara'],
  ['青葉', 'Aoba'],
  ['泉町', 'Izumicho'],
  ['丸の内', 'Marunouchi'],
  ['神田須田町', 'Kandasudacho'],
  ['霞が関', 'Kasumigaseki'],
  ['桜木町', 'Sakuragicho'],
  ['大通西', 'Odorinishi'],
];

const words = (spec: string): Word[] =>
  spec.split(' ').map((w) => {
    const [word, reading, weight] = w.split(':') as [string, string, string | undefined];
    return [word, reading, weight ? Number(weight) : 1] as const;
  });

/** Surnames; old kanji forms (髙, 﨑, 德, 濵, 𠮷) are rarer than the common forms. */
export const SURNAMES = words(
  '佐藤:サトウ:9 鈴木:スズキ:8 高橋:タカハシ:7 髙橋:タカハシ:1 田中:タナカ:7 伊藤:イトウ:6 渡辺:ワタナベ:6 渡邊:ワタナベ:1 ' +
    '山本:ヤマモト:6 中村:ナカムラ:6 小林:コバヤシ:5 加藤:カトウ:5 吉田:ヨシダ:5 𠮷田:ヨシダ:1 山田:ヤマダ:5 佐々木:ササキ:4 ' +
    '山口:ヤマグチ:4 松本:マツモト:4 井上:イノウエ:4 木村:キムラ:4 林:ハヤシ:3 斎藤:サイトウ:3 齋藤:サイトウ:1 清水:シミズ:3 ' +
    '山崎:ヤマザキ:3 山﨑:ヤマザキ:1 森:モリ:3 池田:イケダ:3 橋本:ハシモト:3 阿部:アベ:3 石川:イシカワ:3 前田:マエダ:3 ' +
    '藤田:フジタ:3 小川:オガワ:3 岡田:オカダ:3 長谷川:ハセガワ:2 村上:ムラカミ:2 近藤:コンドウ:2 坂本:サカモト:2 遠藤:エンドウ:2 ' +
    '德永:トクナガ:1 徳永:トクナガ:1 濵田:ハマダ:1 浜田:ハマダ:2 櫻井:サクライ:1 桜井:サクライ:2 廣瀬:ヒロセ:1 広瀬:ヒロセ:2 ' +
    '澤田:サワダ:1 沢田:サワダ:2 國分:コクブ:1 宮﨑:ミヤザキ:1 宮崎:ミヤザキ:2 髙木:タカギ:1 高木:タカギ:2',
);

export const INDUSTRIES = words(
  '建設:ケンセツ:9 工業:コウギョウ:6 商事:ショウジ:7 産業:サンギョウ:5 電気:デンキ:3 運輸:ウンユ:3 不動産:フドウサン:6 ' +
    '興業:コウギョウ:3 技研:ギケン:2 製作所:セイサクショ:3 物産:ブッサン:2 開発:カイハツ:3 設計:セッケイ:2 企画:キカク:3 ' +
    '食品:ショクヒン:3 印刷:インサツ:2 電機:デンキ:2 化学:カガク:1 精機:セイキ:1 商会:ショウカイ:3 商店:ショウテン:4 ' +
    '工務店:コウムテン:4 住宅:ジュウタク:2 農園:ノウエン:1 水産:スイサン:1 鉄工所:テッコウショ:1 運送:ウンソウ:3 通信:ツウシン:1 ' +
    '薬品:ヤクヒン:1 塗装:トソウ:2 電設:デンセツ:2 土木:ドボク:2 総業:ソウギョウ:1 観光:カンコウ:1 交通:コウツウ:1 ' +
    '地所:ジショ:1 商工:ショウコウ:1 織物:オリモノ:1 製菓:セイカ:1 酒造:シュゾウ:1 醸造:ジョウゾウ:1 石油:セキユ:1 ' +
    '自動車:ジドウシャ:1 硝子:ガラス:1 木材:モクザイ:1 機械:キカイ:1 工機:コウキ:1 保険:ホケン:1 経営:ケイエイ:1 会計:カイケイ:1',
);

export const KATAKANA = words(
  'テクノ:テクノ:3 システム:システム:3 システムズ:システムズ:1 ソリューションズ:ソリューションズ:2 ネットワーク:ネットワーク:1 ' +
    'コンサルティング:コンサルティング:3 デザイン:デザイン:3 ライフ:ライフ:2 グローバル:グローバル:2 クリエイト:クリエイト:1 ' +
    'エンジニアリング:エンジニアリング:2 メディカル:メディカル:1 トラスト:トラスト:1 パートナーズ:パートナーズ:2 ' +
    'ホールディングス:ホールディングス:2 ファーム:ファーム:1 キッチン:キッチン:1 スタジオ:スタジオ:1 ラボ:ラボ:1 ' +
    'マネジメント:マネジメント:2 サービス:サービス:3 プランニング:プランニング:1 ホーム:ホーム:2 リゾート:リゾート:1 ' +
    'ロジスティクス:ロジスティクス:1 エナジー:エナジー:1 フーズ:フーズ:1 トレーディング:トレーディング:1 マーケティング:マーケティング:1 ' +
    'インターナショナル:インターナショナル:1 ジャパン:ジャパン:2 アセット:アセット:1 キャピタル:キャピタル:1 ファクトリー:ファクトリー:1 ' +
    'プロダクション:プロダクション:1 エンタープライズ:エンタープライズ:1 ワークス:ワークス:1 テック:テック:1 ビルド:ビルド:1 ' +
    'ケア:ケア:1 ヘルスケア:ヘルスケア:1 サポート:サポート:1 リサーチ:リサーチ:1 アグリ:アグリ:1 オフィス:オフィス:1 ' +
    'スマイル:スマイル:1 ハート:ハート:1 ドリーム:ドリーム:1 フューチャー:フューチャー:1 ネクスト:ネクスト:1 ブリッジ:ブリッジ:1 ' +
    'スター:スター:1 グリーン:グリーン:1 アーク:アーク:1 エコ:エコ:1 ウェルネス:ウェルネス:1 ヴィレッジ:ヴィレッジ:1 ヴィジョン:ヴィジョン:1',
);

/** Full-width Latin, as the NTA writes Latin letters in names. */
export const LATIN = words(
  'ＡＢＣ:エービーシー:2 Ｔ＆Ｍ:ティーアンドエム:1 ＪＡＰＡＮ:ジャパン:2 ＮＥＸＴ:ネクスト:1 ＩＴ:アイティー:1 ＳＫＹ:スカイ:1 ' +
    'ＫＳＫ:ケーエスケー:1 ＧＲＥＥＮ:グリーン:1 ｅ－ｌｉｆｅ:イーライフ:1 ＯＮＥ:ワン:1 Ｋ’ｓ:ケーズ:1 ＡＩ:エーアイ:1 ' +
    'ＷＩＮ:ウィン:1 ＴＯＰ:トップ:1 ＭＩＸ:ミックス:1 ＢＩＧ:ビッグ:1 ＳＵＮ:サン:1 ＤＸ:ディーエックス:1 Ｋ・Ｓ・Ｋ:ケーエスケー:1',
);

export const PLACES = words(
  '日本:ニホン:8 東京:トウキョウ:4 大阪:オオサカ:3 関東:カントウ:2 関西:カンサイ:2 東海:トウカイ:2 北海道:ホッカイドウ:1 ' +
    '九州:キュウシュウ:2 中部:チュウブ:1 東北:トウホク:1 四国:シコク:1 中央:チュウオウ:2 東洋:トウヨウ:2 太平洋:タイヘイヨウ:1 ' +
    '大和:ヤマト:2 富士:フジ:2 湘南:ショウナン:1 横浜:ヨコハマ:1 名古屋:ナゴヤ:1 京都:キョウト:1 神戸:コウベ:1 博多:ハカタ:1 ' +
    '札幌:サッポロ:1 仙台:センダイ:1 広島:ヒロシマ:1 新潟:ニイガタ:1 瀬戸内:セトウチ:1 三河:ミカワ:1 信州:シンシュウ:1 北陸:ホクリク:1',
);

/** Auspicious and literary words; several are rare characters (good rare 1–2 character queries). */
export const WORDS = words(
  '光:ヒカリ:2 未来:ミライ:2 希望:キボウ:1 栄光:エイコウ:1 誠:マコト:1 信頼:シンライ:1 共栄:キョウエイ:2 協和:キョウワ:2 ' +
    '大成:タイセイ:2 三和:サンワ:2 三共:サンキョウ:1 昭和:ショウワ:2 平成:ヘイセイ:1 令和:レイワ:1 新光:シンコウ:1 明和:メイワ:1 ' +
    '千代田:チヨダ:1 丸三:マルサン:1 山一:ヤマイチ:1 第一:ダイイチ:2 東亜:トウア:1 旭:アサヒ:2 太陽:タイヨウ:2 朝日:アサヒ:1 ' +
    '桜:サクラ:1 若葉:ワカバ:1 翡翠:ヒスイ:1 琥珀:コハク:1 麒麟:キリン:1 鳳凰:ホウオウ:1 蒼穹:ソウキュウ:1 黎明:レイメイ:1 ' +
    '曙:アケボノ:1 鷲:ワシ:1 鯱:シャチ:1 葵:アオイ:1 楓:カエデ:1 椿:ツバキ:1 欅:ケヤキ:1 燕:ツバメ:1 鴎:カモメ:1 暁:アカツキ:1 ' +
    '瑞穂:ミズホ:1 朱雀:スザク:1 玄武:ゲンブ:1 雅:ミヤビ:1 凛:リン:1 榊:サカキ:1 櫂:カイ:1 澪:ミオ:1 颯:ハヤテ:1 巽:タツミ:1 萬:ヨロズ:1 麴:コウジ:1',
);

export const HIRAGANA = words(
  'さくら:サクラ:2 ひまわり:ヒマワリ:2 あおぞら:アオゾラ:1 みらい:ミライ:2 ひかり:ヒカリ:2 わかば:ワカバ:1 すみれ:スミレ:1 ' +
    'こころ:ココロ:1 ほほえみ:ホホエミ:1 やまびこ:ヤマビコ:1 つばさ:ツバサ:1 あすなろ:アスナロ:1 なごみ:ナゴミ:1 ふれあい:フレアイ:1 はるか:ハルカ:1',
);

/** Foreign company endings (法人種別 401), written in katakana as registered. */
export const FOREIGN_ENDINGS = words(
  'インコーポレイテッド:インコーポレイテッド:3 エルエルシー:エルエルシー:2 リミテッド:リミテッド:2 コーポレーション:コーポレーション:2 ' +
    'ゲーエムベーハー:ゲーエムベーハー:1 エス・エー:エスエー:1 ピーティーイー・リミテッド:ピーティーイーリミテッド:1',
);

/**
 * JIS degeneration for the Shift_JIS variant: characters outside JIS X 0208 level 1–2 that our
 * vocabulary uses, and the form the NTA prints instead (with 商号イメージID set).
 */
export const SJIS_DEGENERATE: Record<string, string> = {
  髙: '高',
  﨑: '崎',
  德: '徳',
  濵: '浜',
  '𠮷': '吉',
  麴: '麹',
};

export const GOVERNMENT = [
  '法務省',
  '財務省',
  '総務省',
  '文部科学省',
  '厚生労働省',
  '農林水産省',
  '経済産業省',
  '国土交通省',
  '環境省',
  '防衛省',
];
