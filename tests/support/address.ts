// Test data in Japan Post's formats, shared by the address tests (src/features/address/server
// and scripts/postcode-import.test.ts). Not used by the app.
import type { AddressCandidate } from '@/features/address/schemas';

/** KEN_ALL.CSV lines as Japan Post writes them (quoted text, half-width readings, 15 columns). */
export const kenAll = (rows: [string, string, string, string, string, string, string][]) =>
  rows
    .map(([zip, pk, ck, tk, p, c, t]) => `23000,"${zip.slice(0, 5)}","${zip}","${pk}","${ck}","${tk}","${p}","${c}","${t}",0,0,0,0,0,0`)
    .join('\r\n') + '\r\n';

/** JIGYOSYO.CSV lines (13 columns). */
export const jigyosyo = (rows: [string, string, string, string, string, string][]) =>
  rows
    .map(([zip, name, p, c, t, street]) => `13101,"ｼﾞｷﾞｮｳｼｮ","${name}","${p}","${c}","${t}","${street}","${zip}","10087","丸の内",0,0,0`)
    .join('\r\n') + '\r\n';

export const KEN_ALL_ROWS: [string, string, string, string, string, string, string][] = [
  ['1000005', 'ﾄｳｷｮｳﾄ', 'ﾁﾖﾀﾞｸ', 'ﾏﾙﾉｳﾁ(ﾂｷﾞﾉﾋﾞﾙｦﾉｿﾞｸ)', '東京都', '千代田区', '丸の内（次のビルを除く）'],
  ['4980000', 'ｱｲﾁｹﾝ', 'ﾔﾄﾐｼ', 'ｲｶﾆｹｲｻｲｶﾞﾅｲﾊﾞｱｲ', '愛知県', '弥富市', '以下に掲載がない場合'],
  ['4980000', 'ﾐｴｹﾝ', 'ｸﾜﾅｸﾞﾝｷｿｻｷﾁｮｳ', 'ｲｶﾆｹｲｻｲｶﾞﾅｲﾊﾞｱｲ', '三重県', '桑名郡木曽岬町', '以下に掲載がない場合'],
  ['0600042', 'ﾎｯｶｲﾄﾞｳ', 'ｻｯﾎﾟﾛｼﾁｭｳｵｳｸ', 'ｵｵﾄﾞｵﾘﾆｼ(1-19ﾁｮｳﾒ)', '北海道', '札幌市中央区', '大通西（１～１９丁目）'],
  ['0600042', 'ﾎｯｶｲﾄﾞｳ', 'ｻｯﾎﾟﾛｼﾁｭｳｵｳｸ', 'ｵｵﾄﾞｵﾘﾆｼ(ｿﾉﾀ)', '北海道', '札幌市中央区', '大通西（その他）'],
  [
    '0287700',
    'ｲﾜﾃｹﾝ',
    'ｲﾜﾃｸﾞﾝｸｽﾞﾏｷﾏﾁ',
    'ｸｽﾞﾏｷ(ﾀﾞｲ40ﾁﾜﾘ<57ﾊﾞﾝﾁ125､176ｦﾉｿﾞｸ>~',
    '岩手県',
    '岩手郡葛巻町',
    '葛巻（第４０地割「５７番地１２５、１７６を除く」～',
  ],
  ['0287700', 'ｲﾜﾃｹﾝ', 'ｲﾜﾃｸﾞﾝｸｽﾞﾏｷﾏﾁ', 'ﾀﾞｲ45ﾁﾜﾘ)', '岩手県', '岩手郡葛巻町', '第４５地割）'],
];
export const JIGYOSYO_ROWS: [string, string, string, string, string, string][] = [
  ['1008994', '東京中央郵便局', '東京都', '千代田区', '丸の内', '２丁目７－２'],
  ['1008799', '架空町の事業所', '東京都', '千代田区', '架空町', '１－１'],
];

export const TOKYO_BUSINESS: AddressCandidate = {
  prefecture: '東京都',
  prefectureCode: '13',
  city: '千代田区',
  town: '丸の内',
  kana: { prefecture: 'トウキョウト', city: 'チヨダク', town: 'マルノウチ' },
  isBusiness: true,
  businessName: '東京中央郵便局',
  street: '２丁目７－２',
};
