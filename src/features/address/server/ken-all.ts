import 'server-only';

/**
 * Rules that turn the 町域 (town) field of Japan Post's KEN_ALL data into what an address form
 * wants. KEN_ALL writes notes into the field itself; some sources have removed most of them
 * already, but not all (jquery-jpostal-ja leaves 「小菅村の次に６６４番地以降がくる場合」 in), so
 * every row goes through these rules when `npm run postcode:import` builds the data file
 * (postal-sources.ts); the app reads cleaned rows. They are idempotent: cleaning a cleaned field
 * changes nothing.
 *
 * Town (kanji), in this order:
 *  1. Rows split because the field exceeded 38 characters are joined first (`joinSplitRows`):
 *     consecutive rows of one postal code whose 「（」 is not yet closed.
 *  2. Whole-field notes meaning "the municipality, no town name" become '':
 *     「以下に掲載がない場合」, 「○○の次に番地がくる場合」, 「○○の次に１～４２６番地がくる場合」 and
 *     「○○一円」 where ○○ is the municipality itself (「利島村一円」). A bare 「一円」 is a real
 *     大字 (滋賀県犬上郡多賀町一円) and stays.
 *  3. Parenthesised notes 「（…）」 are removed: （次のビルを除く）, （その他）, （地階・階層不明）,
 *     （１～１９丁目）, （番地）, （○○「××」を除く） and any other. Two kinds are part of the
 *     address and stay: a floor of a high-rise with its own code, 「ＪＰタワー（１階）」 →
 *     「ＪＰタワー１階」, and a wing of a building, 「（高層棟）」.
 *  4. An unclosed 「（」 left by truncated data is cut off with everything after it.
 *
 * Reading (kana): converted from half-width to full-width katakana (NFKC); empty when the town
 * became empty; '(…)' groups removed with the same exceptions (floor 「(1カイ)」 → 「1カイ」,
 * a wing 「(コウソウトウ)」 stays).
 */

const NO_TOWN_NOTES = [/^以下に掲載がない場合$/, /の次に.*番地.*がくる場合$/];

const FLOOR = /^[０-９0-9]+階$/;
const WING = /^[^（）、「」～]+棟$/;
const KANA_FLOOR = /^[0-9]+カイ$/;
const KANA_WING = /^[^()、「」~]+トウ$/;

/** Removes parenthesised groups (innermost first) except those `keep` decides to keep or unwrap. */
function stripGroups(text: string, open: string, close: string, keep: (inner: string) => 'drop' | 'keep' | 'unwrap'): string {
  const placeholderOpen = '\u0000';
  const placeholderClose = '\u0001';
  const inner = new RegExp(`\\${open}([^\\${open}\\${close}]*)\\${close}`, 'g');
  let s = text;
  for (;;) {
    const next = s.replace(inner, (_, content: string) => {
      const verdict = keep(content);
      if (verdict === 'drop') return '';
      if (verdict === 'unwrap') return content;
      return `${placeholderOpen}${content}${placeholderClose}`;
    });
    if (next === s) break;
    s = next;
  }
  // An unclosed bracket (truncated data): cut it and what follows.
  const unclosed = s.indexOf(open);
  if (unclosed >= 0) s = s.slice(0, unclosed);
  return s.replaceAll(close, '').replaceAll(placeholderOpen, open).replaceAll(placeholderClose, close);
}

/** Rule 2: is the whole field a note meaning "no town name"? */
function isNoTownNote(town: string, city: string): boolean {
  if (NO_TOWN_NOTES.some((re) => re.test(town))) return true;
  if (town.endsWith('一円') && town.length > 2) {
    const place = town.slice(0, -2);
    return city.endsWith(place);
  }
  return false;
}

/** The 町域 as an address form wants it (rules 2–4 of the file comment). */
export function cleanTown(town: string, city: string): string {
  const trimmed = town.trim();
  if (trimmed === '' || isNoTownNote(trimmed, city)) return '';
  const cleaned = stripGroups(trimmed, '（', '）', (content) =>
    FLOOR.test(content) ? 'unwrap' : WING.test(content) ? 'keep' : 'drop',
  ).trim();
  // A note can hide behind a group: 「以下に掲載がない場合（…）」.
  return isNoTownNote(cleaned, city) ? '' : cleaned;
}

/** Half-width katakana (KEN_ALL readings) → full-width; ASCII digits and brackets stay ASCII. */
export function toFullWidthKana(kana: string): string {
  return kana.normalize('NFKC');
}

/** The reading of a cleaned town (see the file comment). */
export function cleanTownKana(kana: string, cleanedTown: string): string {
  if (cleanedTown === '') return '';
  const full = toFullWidthKana(kana).trim();
  return stripGroups(full, '(', ')', (content) => (KANA_FLOOR.test(content) ? 'unwrap' : KANA_WING.test(content) ? 'keep' : 'drop')).trim();
}

function unclosedDepth(text: string): number {
  let depth = 0;
  for (const ch of text) {
    if (ch === '（') depth++;
    else if (ch === '）') depth = Math.max(0, depth - 1);
  }
  return depth;
}

/**
 * Rule 1: KEN_ALL splits a 町域 longer than 38 characters over consecutive rows of the same
 * postal code, the first ending inside an open 「（」. Joins them into one row (the first row's
 * other fields). Readings are split the same way, except that some rows repeat the whole reading:
 * a part equal to what is already there is not appended twice.
 */
export function joinSplitRows<T extends { zipcode: string; town: string; townKana: string }>(rows: readonly T[]): T[] {
  const out: T[] = [];
  let i = 0;
  while (i < rows.length) {
    const first = rows[i] as T;
    let town = first.town;
    let kana = first.townKana;
    let j = i + 1;
    while (unclosedDepth(town) > 0 && j < rows.length && (rows[j] as T).zipcode === first.zipcode) {
      const part = rows[j] as T;
      town += part.town;
      if (part.townKana !== kana) kana += part.townKana;
      j++;
    }
    out.push(j === i + 1 ? first : { ...first, town, townKana: kana });
    i = j;
  }
  return out;
}
