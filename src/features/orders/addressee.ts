/**
 * The one honorific rule (issue 13 §2, docs/decisions/0024): how a 宛名 the member typed is
 * addressed — on the order confirmation and completion pages, in the order mail, on the receipt
 * and the refund statement, and in the back office. Zod-free (client pages import it through
 * ../index.ts). The orders feature owns it because both 宛名 of an order (お届け先 and
 * 領収書) are order fields; receipts and the pages import it from here.
 *
 * The rule, in order:
 * 1. The member typed an honorific at the end (御中・様・殿・各位, after any spaces, also
 *    full-width ones): it is theirs — nothing is added and nothing is changed.
 *    「株式会社サンプル 総務部 御中」 stays exactly that, never 「…御中 様」.
 * 2. The name ends with an organisational unit or a word that names an organisation
 *    (…部・…課・…支店・…事務所・…商店・…病院・…大学・…協会 …): 御中.
 * 3. It contains a legal-entity form (株式会社, ㈱, 合同会社, 一般社団法人, Inc. …):
 *    - and words follow the organisation's name (「株式会社サンプル 山田 太郎」,
 *      「サンプル株式会社 経理部 山田」): a person at the organisation — 様;
 *    - otherwise (「株式会社サンプル」, 「サンプル 株式会社」): the organisation — 御中.
 * 4. Anything else is a person: 様.
 * The name is kept as typed, with spaces trimmed and runs of spaces made one; the tests read its
 * NFKC form (so ＩＮＣ．, （株） and full-width spaces count as their plain forms).
 */

export const HONORIFICS = ['様', '御中', '殿', '各位'] as const;
export type Honorific = (typeof HONORIFICS)[number];

/** The honorific the member typed, at the end after optional (full-width) spaces. */
const TYPED = /(様|御中|殿|各位)$/u;

/** Legal-entity forms (NFKC), as prefixes or suffixes of a registered 商号. */
const ENTITY =
  /(株式会社|有限会社|合同会社|合資会社|合名会社|相互会社|(一般|公益)(社団|財団)法人|特定非営利活動法人|NPO法人|医療法人(社団|財団)?|社会福祉法人|学校法人|宗教法人|弁護士法人|税理士法人|司法書士法人|行政書士法人|社会保険労務士法人|監査法人|土地家屋調査士法人|弁理士法人|独立行政法人|地方独立行政法人|国立大学法人|協同組合|\(株\)|\(有\)|\(同\)|\(資\)|\(名\)|㈱|㈲|\b(Inc|Corp|Co|Ltd|LLC|LLP|K\.K|G\.K|GmbH)\b\.?|Corporation|Company|Limited)/iu;

/** A last word ending with one of these (NFKC) names a unit or an organisation itself: 御中. */
const ORGANISATION_END =
  /(本部|支部|事業部|事務所|事務局|支店|支社|本社|本店|営業所|出張所|工場|研究所|センター|グループ|チーム|商店|商会|工務店|組合|協会|連合会|財団|社団|病院|医院|クリニック|大学|学校|学園|幼稚園|保育園|役所|役場|法人|会社|\(株\)|\(有\)|㈱|㈲|Inc\.?|Corp\.?|Ltd\.?|LLC|Co\.?|Company|Corporation|Limited|Department|Dept\.?|Division|Team)$/iu;
/**
 * One-character units (総務部, 経理課, 秘書室 …) count from three characters on, and not for the
 * surnames that end with them: 「阿部」 and 「服部」 are people (様), 「人事部」 is a department.
 */
const SHORT_UNIT_END = /(部|課|室|係|班|局|署|庁|省)$/u;
const SURNAMES_LIKE_UNITS = new Set(['長谷部', '日下部', '五十部', '磯部', '阿部', '安部', '岡部', '服部', '渡部', '矢部', '氷室']);

function isOrganisationWord(word: string): boolean {
  if (ORGANISATION_END.test(word)) return true;
  return SHORT_UNIT_END.test(word) && [...word].length >= 3 && !SURNAMES_LIKE_UNITS.has(word);
}

/** Spaces trimmed, and each run of spaces (also full-width ones) made one ASCII space. */
function tidy(raw: string): string {
  return raw.replace(/\s+/gu, ' ').trim();
}

/** The honorific the rule gives a name that carries none. */
function honorificFor(name: string): '様' | '御中' {
  const words = name.normalize('NFKC').split(' ').filter(Boolean);
  if (isOrganisationWord(words.at(-1) ?? '')) return '御中';
  const at = words.findIndex((w) => ENTITY.test(w));
  if (at < 0) return '様';
  // 「株式会社 サンプル」: a form standing alone before the name belongs to the next word.
  const nameEnds = words[at]!.replace(ENTITY, '') === '' && at === 0 && words.length > 1 ? at + 1 : at;
  return words.length > nameEnds + 1 ? '様' : '御中';
}

/**
 * The addressee as printed with its honorific: the name (as typed, spaces tidied) and the
 * honorific, either the one the member typed or the rule's. A name with a typed honorific keeps
 * it; `name` is then what stands before it (「山田太郎様」 → 山田太郎 + 様).
 */
export function splitAddressee(raw: string): { name: string; honorific: Honorific } {
  const text = tidy(raw);
  const typed = TYPED.exec(text);
  if (typed && typed.index > 0) {
    const name = text.slice(0, typed.index).trim();
    if (name) return { name, honorific: typed[1] as Honorific };
  }
  return { name: text, honorific: honorificFor(text) };
}

/**
 * The addressee with its honorific, for pages and mails: 「山田 太郎 様」, 「株式会社サンプル 御中」,
 * and exactly what the member typed when it already ends with an honorific
 * (「株式会社サンプル 総務部 御中」, 「山田太郎様」).
 */
export function withHonorific(raw: string): string {
  const text = tidy(raw);
  const typed = TYPED.exec(text);
  if (typed && typed.index > 0 && text.slice(0, typed.index).trim()) return text;
  return `${text} ${honorificFor(text)}`;
}

/**
 * Whom the receipt names: the 領収書の宛名 the member gave, or — when left empty — the お届け先
 * 宛名 (domain.md §5: user-editable, default the buyer).
 */
export function receiptAddresseeOf(order: { receiptRecipient: string; recipient: string }): string {
  return tidy(order.receiptRecipient) || tidy(order.recipient);
}
