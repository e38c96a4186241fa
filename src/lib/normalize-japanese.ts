/**
 * The one normalisation of company names, readings and search queries (issue 3 §3; domain.md §1).
 * The registry index and every query go through `normalizeJapanese`, so whatever it folds
 * together is found together: 「トヨタ」「ﾄﾖﾀ」「とよた」「株式会社トヨタ」 → `トヨタ`,
 * 「T&M」「Ｔ＆Ｍ」 → `tm`, 「ソニー」「そにー」「ｿﾆｰ」「ソニ−」 → `ソニー`.
 *
 * Isomorphic and dependency-free (the search box may use it to decide whether a query is empty).
 *
 * What it does, in order (one pass; the pass is repeated until nothing changes, which makes the
 * function idempotent even when stripping a legal form brings two characters together):
 *  1. Unicode NFKC (full-width ASCII and half-width kana → standard forms, ㈱ → (株), ㍿ → 株式会社)
 *     and lower case (ASCII and other cased scripts; ß → ss).
 *  2. Parenthesised legal-form abbreviations removed: (株) (有) (同) (名) (資) (社) (財) …
 *  3. Character by character:
 *     - hiragana → katakana; small kana → full-size (ァ→ア, ッ→ツ, ャ→ヤ, ヶ→ケ) because older
 *       registrations could only use full-size kana (キヤノン, 富士フイルム); ヰ→イ, ヱ→エ;
 *     - every hyphen, dash and long-vowel variant (ー ｰ ‐ - − – — ― ─ …) becomes ー after a
 *       kana and is dropped elsewhere (in `T-Mobile` it is punctuation, in `ソニ−` a long vowel);
 *     - old and variant kanji → the common form (the NTA JIS degeneration cases such as 髙→高,
 *       﨑→崎, 德→徳, 麴→麹, plus the 旧字体 that people type in their modern form: 澤→沢,
 *       濱→浜, 邊→辺, 齋→斎 …): `KANJI_VARIANTS` below;
 *     - Latin letters with diacritics → the bare letter (é → e);
 *     - everything that is not a letter or a digit is dropped: spaces (all widths), 中点 ・,
 *       ＆, punctuation, symbols, brackets. ＆ is treated like every other symbol — dropped — so
 *       「T&M」「T＆M」「TM」「T・M」 are one query; keeping it would make 「TM」 miss 「Ｔ＆Ｍ」.
 *  4. Legal-form words removed wherever they occur (株式会社, 有限会社, 合同会社, 一般社団法人,
 *     …, and their katakana readings カブシキガイシャ … so that readings fold the same way).
 *
 * The output alphabet: a–z, 0–9, full-size katakana with ー ヽ ヾ, CJK ideographs with 々 〆 〇,
 * and other scripts' lower-case letters and digits. Never spaces, punctuation or private-use
 * characters (the registry index uses private-use characters as its own markers).
 */

// 3. Old and variant kanji → common form. Sources: the NTA's JIS degeneration cases (the
// Unicode file uses JIS level 3–4 characters that the Shift_JIS file writes with their level
// 1–2 form), the 旧字体 → 新字体 table of the 常用漢字表, and the surname variants that name
// searches conventionally merge (﨑/嵜/碕, 髙, 邉/邊, 齋/齊/斉, 嶋/嶌). A target is never a key.
const KANJI_VARIANT_PAIRS =
  '髙高﨑崎嵜崎碕崎德徳麴麹邊辺邉辺齋斎齊斎斉斎濱浜濵浜澤沢嶋島嶌島𠮷吉塚塚' +
  '亞亜惡悪壓圧圍囲醫医爲為壹壱隱隠營営衞衛驛駅圓円鹽塩奧奥應応歐欧毆殴櫻桜假仮價価畫画會会' +
  '囘回壞壊懷懐繪絵擴拡覺覚學学嶽岳樂楽渴渇卷巻陷陥寬寛關関歡歓觀観氣気歸帰僞偽戲戯犧犠舊旧' +
  '據拠擧挙峽峡挾挟狹狭曉暁區区驅駆勳勲徑径莖茎惠恵揭掲溪渓經経繼継輕軽鷄鶏藝芸缺欠儉倹劍剣' +
  '圈圏檢検權権獻献縣県險険顯顕驗験嚴厳效効廣広恆恒鑛鉱號号國国濟済碎砕劑剤册冊雜雑參参慘惨' +
  '棧桟蠶蚕贊賛殘残絲糸齒歯兒児辭辞濕湿實実寫写釋釈壽寿收収從従澁渋獸獣縱縦肅粛處処敍叙將将' +
  '稱称燒焼證証奬奨條条狀状乘乗淨浄剩剰疊畳孃嬢讓譲釀醸觸触囑嘱眞真寢寝愼慎盡尽圖図粹粋醉酔' +
  '隨随髓髄數数樞枢聲声靜静攝摂竊窃專専淺浅戰戦踐践錢銭潛潜纖繊禪禅雙双壯壮爭争莊荘搜捜插挿' +
  '巢巣裝装總総騷騒藏蔵臟臓卽即屬属續続墮堕體体對対帶帯滯滞臺台瀧滝擇択單単擔担膽胆團団彈弾' +
  '斷断癡痴遲遅晝昼蟲虫鑄鋳廳庁聽聴鎭鎮遞逓鐵鉄轉転點点傳伝黨党盜盗燈灯當当鬭闘獨独讀読屆届' +
  '繩縄貳弐惱悩腦脳霸覇廢廃拜拝賣売麥麦發発髮髪拔抜蠻蛮祕秘甁瓶拂払佛仏倂併竝並變変辨弁瓣弁' +
  '辯弁舖舗步歩寶宝豐豊沒没飜翻每毎萬万滿満默黙彌弥譯訳藥薬與与豫予餘余譽誉搖揺樣様謠謡來来' +
  '賴頼亂乱覽覧龍竜兩両獵猟綠緑壘塁勵励禮礼隸隷靈霊齡齢戀恋爐炉勞労郞郎樓楼錄録灣湾瀨瀬黑黒' +
  '淸清靑青冨富戶戸户戸淵渕榮栄';

/** Code point → replacement code point. Exported for the tests (targets are never keys). */
export const KANJI_VARIANTS: ReadonlyMap<number, number> = (() => {
  const map = new Map<number, number>();
  const cps = Array.from(KANJI_VARIANT_PAIRS, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i + 1 < cps.length; i += 2) {
    const from = cps[i] ?? 0;
    const to = cps[i + 1] ?? 0;
    if (from !== to) map.set(from, to);
  }
  return map;
})();

// Small kana → full size, and obsolete kana → their modern reading (katakana after step 3).
const KANA_FOLD = new Map<number, number>(
  Array.from('ァアィイゥウェエォオッツャヤュユョヨヮワヵカヶケヰイヱエ', (c) => c.codePointAt(0) ?? 0).flatMap((cp, i, all) =>
    i % 2 === 0 ? [[cp, all[i + 1] ?? cp] as [number, number]] : [],
  ),
);

/** Hyphens, dashes, minus signs, box-drawing lines and long-vowel marks (after NFKC). */
const DASHES = new Set<number>([
  0x2d, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2043, 0x2212, 0x2500, 0x2501, 0x23af, 0x2e3a, 0x2e3b, 0x30fc, 0xfe58, 0xfe63,
  0xff0d, 0xff70, 0x02d7, 0x2796, 0x10191,
]);
const CHOON = 0x30fc; // ー

/** Legal-form words (step 4), longest first so that 医療法人社団 wins over 医療法人. */
const LEGAL_FORM_WORDS = [
  '特定非営利活動法人',
  '地方独立行政法人',
  '社会保険労務士法人',
  '土地家屋調査士法人',
  '有限責任事業組合',
  '有限責任中間法人',
  '無限責任中間法人',
  '一般社団法人',
  '一般財団法人',
  '公益社団法人',
  '公益財団法人',
  '独立行政法人',
  '国立大学法人',
  '社会福祉法人',
  '社会医療法人',
  '医療法人社団',
  '医療法人財団',
  '行政書士法人',
  '特許業務法人',
  '司法書士法人',
  '農事組合法人',
  '弁護士法人',
  '税理士法人',
  '株式会社',
  '有限会社',
  '合同会社',
  '合名会社',
  '合資会社',
  '相互会社',
  '医療法人',
  '学校法人',
  '宗教法人',
  '監査法人',
  '社団法人',
  '財団法人',
  'NPO法人',
  // Readings, so that furigana and kana queries fold like names (NTA furigana normally omits
  // the legal form, but not every source does).
  'トクテイヒエイリカツドウホウジン',
  'イッパンシャダンホウジン',
  'イッパンザイダンホウジン',
  'コウエキシャダンホウジン',
  'コウエキザイダンホウジン',
  'シャカイフクシホウジン',
  'カブシキガイシャ',
  'カブシキカイシャ',
  'ユウゲンガイシャ',
  'ユウゲンカイシャ',
  'ゴウドウガイシャ',
  'ゴウドウカイシャ',
  'ゴウメイガイシャ',
  'ゴウシガイシャ',
  'イリョウホウジン',
  'ガッコウホウジン',
  'シュウキョウホウジン',
];

/** (株) (有) … after NFKC: ㈱ and （株） both become (株). */
const PAREN_FORMS = /\((?:株|有|同|名|資|合|社|財|医|学|宗|福|特非|一社|一財|公社|公財|独|税|弁|司|行|監|医社|医財|npo)\)/g;

function isKana(cp: number): boolean {
  return (cp >= 0x30a1 && cp <= 0x30fa) || cp === CHOON || cp === 0x30fd || cp === 0x30fe;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/**
 * Step 3 for one code point (already NFKC-normalised and lower-cased): the replacement text, or
 * '' to drop it, or DASH_TEXT for a hyphen / long-vowel mark (kept as ー only after a kana).
 */
const DASH_TEXT = '-';
function foldCodePoint(input: number): string {
  let cp = input;
  if (cp < 0x80) {
    if ((cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39)) return String.fromCharCode(cp);
    return cp === 0x2d ? DASH_TEXT : '';
  }
  if (cp >= 0x3041 && cp <= 0x3096)
    cp += 0x60; // hiragana → katakana
  else if (cp === 0x309d || cp === 0x309e) cp += 0x60; // ゝゞ → ヽヾ
  cp = KANA_FOLD.get(cp) ?? cp;
  if (DASHES.has(cp)) return DASH_TEXT;
  if (isKana(cp)) return String.fromCharCode(cp);
  cp = KANJI_VARIANTS.get(cp) ?? cp;
  const ch = String.fromCodePoint(cp);
  if (!LETTER_OR_DIGIT.test(ch)) return '';
  if (cp >= 0xc0 && cp <= 0x24f) {
    const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
    return bare === 'ß' ? 'ss' : bare;
  }
  return ch;
}

// The character loop runs for every name and reading of an import (about twelve million
// strings), so step 3 is a lookup table over the BMP, built on first use: one typed-array read
// per character instead of several Map and regular-expression lookups (measured about twice as
// fast). Entries: 0 drop, DASH, SLOW (surrogates and multi-character results), else the output
// UTF-16 unit; KANA marks outputs that count as kana for the long-vowel rule.
const DROP = 0;
const DASH = 0xfffe;
const SLOW = 0xffff;
let table: Uint16Array | null = null;

function foldTable(): Uint16Array {
  if (table !== null) return table;
  const t = new Uint16Array(0x10000);
  for (let cp = 0; cp < 0x10000; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) {
      t[cp] = SLOW;
      continue;
    }
    const out = foldCodePoint(cp);
    if (out === '') t[cp] = DROP;
    else if (out === DASH_TEXT) t[cp] = DASH;
    else if (out.length === 1 && out.charCodeAt(0) !== DASH && out.charCodeAt(0) !== SLOW) t[cp] = out.charCodeAt(0);
    else t[cp] = SLOW;
  }
  table = t;
  return t;
}

let units = new Uint16Array(256);

/** Steps 1–3 on a string; `stripParens` is off when this builds the legal-form patterns. */
function foldCharacters(input: string, stripParens: boolean): string {
  let s = input.normalize('NFKC').toLowerCase();
  if (stripParens && s.includes('(')) s = s.replace(PAREN_FORMS, '');
  const t = foldTable();
  if (units.length < s.length * 2 + 2) units = new Uint16Array(s.length * 2 + 2);
  const u = units;
  let n = 0;
  let lastKana = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = t[c] as number;
    if (v === DROP) continue; // A dropped character (space, 中点) keeps lastKana: 「ア・ー」 = 「アー」.
    if (v === DASH) {
      if (lastKana) u[n++] = CHOON;
      continue;
    }
    if (v !== SLOW) {
      u[n++] = v;
      lastKana = isKana(v);
      continue;
    }
    // Surrogate pairs (astral kanji such as 𠮷) and multi-character folds (ß → ss).
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((c - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        i++;
      }
    }
    const out = foldCodePoint(cp);
    if (out === '') continue;
    if (out === DASH_TEXT) {
      if (lastKana) u[n++] = CHOON;
      continue;
    }
    for (let k = 0; k < out.length; k++) u[n++] = out.charCodeAt(k);
    lastKana = false;
  }
  return String.fromCharCode.apply(null, u.subarray(0, n) as unknown as number[]);
}

const LEGAL_FORMS = new RegExp(
  [...new Set(LEGAL_FORM_WORDS.map((w) => foldCharacters(w, false)))].sort((a, b) => b.length - a.length).join('|'),
  'g',
);

/** Every legal-form word contains one of these: a cheap test before the regular expression. */
const LEGAL_FORM_HINTS = ['会社', '法人', '組合', 'ガイシヤ', 'カイシヤ', 'ホウジン'];
const CONJOINING_JAMO = /[\u1100-\u11ff]/u;
/** A ー that no longer follows a kana once a legal form between them is gone (same rule as step 3). */
const ORPHAN_CHOON = /(^|[^\u30a1-\u30fe])ー+/gu;

/**
 * Normalises a company name, a reading or a query for the registry search (see the file comment).
 * Never throws; returns '' when nothing searchable is left (e.g. 「株式会社」 alone).
 */
export function normalizeJapanese(input: string): string {
  if (typeof input !== 'string' || input.length === 0) return '';
  let s = foldCharacters(input, true);
  // Hangul jamo that a dropped character (or, below, a removed legal form) kept apart would
  // compose into one syllable when the result is normalised again (ﾡ＀ￂ → 가): compose them now
  // so that the result is a fixed point.
  if (CONJOINING_JAMO.test(s)) s = s.normalize('NFC');
  if (!LEGAL_FORM_HINTS.some((hint) => s.includes(hint))) return s;
  // Removing a legal form can join characters into another legal form (株式株式会社会社) or
  // leave a ー after a non-kana; repeat until nothing changes, so the result is a fixed point.
  for (;;) {
    const stripped = s.replace(LEGAL_FORMS, '');
    if (stripped === s) return s;
    s = stripped.includes('ー') ? stripped.replace(ORPHAN_CHOON, '$1') : stripped;
    if (CONJOINING_JAMO.test(s)) s = s.normalize('NFC');
  }
}

/** Number of Unicode code points (not UTF-16 units): what the search counts as characters. */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}
