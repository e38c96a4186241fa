/**
 * Which characters an address may hold (issue 13): what can be printed on a Japanese delivery
 * label, on the request to the Legal Affairs Bureau and on the receipt. Emoji (🏢, 😀, ❤️),
 * pictographs (☎, ♡), letters of scripts a Japanese label printer has no glyphs for (한, ไทย) and
 * invisible characters (variation selectors, zero-width joiners, private use) are refused with a
 * message naming them, in the form and by the order API alike (docs/decisions/0026).
 *
 * The allowed set, checked after NFKC (which the schemas apply first, so ①, ㈱, half-width kana
 * and full-width ASCII arrive in their standard forms):
 *  - printable ASCII (U+0020–U+007E);
 *  - every character of Windows-31J, i.e. JIS X 0208 with the NEC and IBM extensions (髙, 﨑, ①,
 *    №, ∵) — read from the platform's own Shift_JIS decoder (the WHATWG Encoding Standard's
 *    index, in every browser and in Node), so no table is shipped — plus the characters NFKC turns
 *    them into, and JIS X 0208's own forms of the few that Windows-31J maps differently
 *    (〜 U+301C, − U+2212, ‖ U+2016, — U+2014, ¢ £ ¬ ¦ ¥ ‾, which Macs and NFKC produce);
 *  - any kanji, hiragana or katakana letter beyond that (JIS X 0213 names such as 𠮷野, ゔ): a
 *    name is never refused for its kanji.
 *
 * Isomorphic and zod-free: the recipient form imports it without loading zod.
 */

/** JIS X 0208 forms that Windows-31J's decoder maps elsewhere, and NFKC's forms of full-width signs. */
const EXTRA = '\u301c\u2212\u2016\u2014\u00a2\u00a3\u00ac\u00a6\u00a5\u203e';
const KANA_KANJI = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;
/** Used only where the platform has no Shift_JIS decoder: refuse what is surely not printable. */
const SURELY_UNPRINTABLE = /^[\p{Extended_Pictographic}\p{Co}\p{Cn}\p{Cf}\p{Cc}\p{Cs}\p{M}\u{1F3FB}-\u{1F3FF}]$/u;

const PRIVATE_USE = /^\p{Co}$/u;

let allowed: ReadonlySet<string> | null = null;

/** Windows-31J's double-byte characters, decoded once (about 9,200 characters, a millisecond). */
function allowedSet(): ReadonlySet<string> | null {
  if (allowed) return allowed;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder('shift_jis');
  } catch {
    return null;
  }
  const bytes: number[] = [];
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead >= 0xa0 && lead <= 0xdf) continue; // single-byte half-width katakana (NFKC makes them full width)
    for (let trail = 0x40; trail <= 0xfc; trail++) if (trail !== 0x7f) bytes.push(lead, trail);
  }
  const set = new Set<string>();
  // The decoder maps Shift_JIS's user-defined rows (F040–F9FC) to private use: no font has those.
  const add = (c: string) => {
    if (c !== '\ufffd' && !PRIVATE_USE.test(c)) set.add(c);
  };
  for (const c of decoder.decode(new Uint8Array(bytes))) {
    add(c);
    for (const n of c.normalize('NFKC')) add(n);
  }
  for (let cp = 0x20; cp <= 0x7e; cp++) set.add(String.fromCharCode(cp));
  for (const c of EXTRA) set.add(c);
  allowed = set;
  return set;
}

function isPrintable(c: string, set: ReadonlySet<string> | null): boolean {
  if (set) return set.has(c) || KANA_KANJI.test(c);
  return !SURELY_UNPRINTABLE.test(c);
}

/**
 * The distinct characters of `value` (already NFKC-normalised) that cannot be printed, in order of
 * appearance; [] when every character can. An emoji sequence (👨‍👩‍👧, 1️⃣) counts by its parts.
 */
export function unprintableCharacters(value: string): string[] {
  const set = allowedSet();
  const bad: string[] = [];
  for (const c of value) if (!isPrintable(c, set) && !bad.includes(c)) bad.push(c);
  return bad;
}

/** How a refused character is named: itself, or its code point when it has no visible shape. */
function shown(c: string): string {
  return /^[\p{Cf}\p{Cc}\p{Cs}\p{Co}\p{Cn}\p{M}\p{Z}]$/u.test(c)
    ? `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
    : c;
}

/**
 * 「町名・番地に使用できない文字「🏢」が含まれています。…」: the field, the characters (three at
 * most) and what to do. The form and the API show the same words.
 */
export function unprintableMessage(label: string, characters: readonly string[]): string {
  const named = characters
    .slice(0, 3)
    .map((c) => `「${shown(c)}」`)
    .join('');
  return `${label}に使用できない文字${named}${characters.length > 3 ? 'など' : ''}が含まれています。絵文字や一部の記号・外国の文字は、お届け伝票や書類に印字できないため、取り除くか別の文字に置き換えてください。`;
}

/** The message for `value` (NFKC-normalised), or null when every character can be printed. */
export function printableError(label: string, value: string): string | null {
  const bad = unprintableCharacters(value);
  return bad.length > 0 ? unprintableMessage(label, bad) : null;
}
