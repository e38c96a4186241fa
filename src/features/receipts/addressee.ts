import type { Honorific } from './schemas';

/**
 * 様 or 御中 for the 領収書 宛名 (domain.md §5). The order keeps only the free-text
 * `receiptRecipient`, so the honorific is chosen from it the way a Japanese clerk would:
 * - an honorific the member typed (様・御中・殿) is taken from the end and used (殿 → 様);
 * - a company, organisation or department (株式会社…, …経理部) is addressed 御中;
 * - a person, including a person at a company (「株式会社サンプル 山田 太郎」), is addressed 様.
 * The name is printed as typed (only spaces trimmed and collapsed); the rules read its NFKC form.
 */
const TYPED = /\s*(様|御中|殿)$/u;
const ORGANISATION =
  /(株式会社|有限会社|合同会社|合資会社|合名会社|相互会社|(一般|公益)(社団|財団)法人|特定非営利活動法人|NPO法人|医療法人|社会福祉法人|学校法人|宗教法人|弁護士法人|税理士法人|司法書士法人|行政書士法人|監査法人|独立行政法人|協同組合|組合|\(株\)|（株）|㈱|\(有\)|（有）|㈲)/u;
const UNIT = /(部|課|室|係|局|事務所|支店|営業所|本社|支社|センター|グループ|チーム|御中)$/u;

export function splitAddressee(raw: string): { name: string; honorific: Honorific } {
  let name = raw.replace(/\s+/gu, ' ').trim();
  const typed = TYPED.exec(name);
  if (typed && typed.index > 0) {
    name = name.slice(0, typed.index).trim();
    return { name, honorific: typed[1] === '御中' ? '御中' : '様' };
  }
  const folded = name.normalize('NFKC');
  if (UNIT.test(folded)) return { name, honorific: '御中' };
  const organisation = ORGANISATION.exec(folded);
  if (organisation) {
    // 「株式会社サンプル 山田 太郎」: two or more words after the organisation name a person.
    const words = folded
      .slice(organisation.index + organisation[0].length)
      .trim()
      .split(' ');
    return { name, honorific: words.length >= 2 ? '様' : '御中' };
  }
  return { name, honorific: '様' };
}
