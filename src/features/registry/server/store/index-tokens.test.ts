import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_GRAM,
  ADDRESS_GRAM_MAX,
  addressGrams,
  addressHash,
  addressKey,
  addressSearchText,
  documentText,
  englishQueryWords,
  englishWords,
  kanjiNumber,
  KIND_MARK,
  markedKinds,
  nameTerm,
  postCodeQuery,
  registeredAddressText,
  term,
} from './index-tokens';

const SEP = '\uE0FF';

/** A document of a 301 company with only a name and an address: what the address-gram tests index. */
const addressOnly = (nameNorm: string, addressText: string): Parameters<typeof documentText>[0] => ({
  nameNorm,
  readingNorm: '',
  formerNorms: [],
  kind: '301',
  enNorm: '',
  postCode: '',
  addressKey: '',
  city: '',
  addressText,
});

describe('addressKey', () => {
  it.each([
    ['丁目・番・号 and hyphens are one address', ['東京都', '港区', '港南１丁目７番１号'], ['東京都', '港区', '港南1-7-1']],
    ['full-width hyphen and digits', ['東京都', '港区', '港南１－７－１'], ['東京都', '港区', '港南1‐7‐1']],
    ['番地 and a trailing separator', ['鳥取県', '鳥取市', '法勝寺３７７番地１'], ['鳥取県', '鳥取市', '法勝寺377-1']],
    ['spaces are dropped', ['東京都', '千代田区', '丸の内１丁目１－１ 丸の内ビル'], ['東京都', '千代田区', '丸の内1-1-1丸の内ビル']],
  ])('%s', (_, a, b) => {
    const [pa, ca, sa] = a as [string, string, string];
    const [pb, cb, sb] = b as [string, string, string];
    expect(addressKey(pa, ca, sa)).toBe(addressKey(pb, cb, sb));
  });

  it('keeps 1-11 and 11-1 apart, and has no ASCII separator (FTS5 would split the token)', () => {
    expect(addressKey('東京都', '港区', '港南1-11')).not.toBe(addressKey('東京都', '港区', '港南11-1'));
    expect(addressKey('東京都', '港区', '港南1-11')).toBe(`東京都港区港南1${SEP}11`);
  });

  it('is empty without a domestic address', () => {
    expect(addressKey(null, null, null)).toBe('');
  });
});

describe('addressHash', () => {
  it('is a short ASCII token (FTS5 keeps it whole), the same for the same key and different for others', () => {
    const keys = ['港南1-7-1', '港南1-7-11', '港南11-7-1', '丸の内1-1-1', '丸の内1-1-2'].map((s) => addressKey('東京都', '港区', s));
    const hashes = keys.map(addressHash);
    for (const h of hashes) expect(h).toMatch(/^[0-9a-z]{8,14}$/);
    expect(new Set(hashes).size).toBe(keys.length);
    expect(addressHash(keys[0] as string)).toBe(hashes[0]);
    expect(addressHash('')).toBe('');
  });
});

describe('postCodeQuery', () => {
  it.each(['1080075', '108-0075', '〒108-0075', '〒１０８－００７５', ' 108ー0075 '])('reads %s', (q) => {
    expect(postCodeQuery(q)).toBe('1080075');
  });
  it.each(['108007', '10800755', '108-00755', 'ソニー', '8040001999013'])('leaves %s alone', (q) => {
    expect(postCodeQuery(q)).toBeNull();
  });
});

describe('englishWords / englishQueryWords', () => {
  it('splits an English name into lower-case words, apostrophes dropped inside words', () => {
    expect(englishWords("McDonald's Company (Japan), Ltd.")).toEqual(['mcdonalds', 'company', 'japan', 'ltd']);
    expect(englishWords('Société Générale')).toEqual(['societe', 'generale']);
    expect(englishWords('ＳＯＮＹ　Group')).toEqual(['sony', 'group']);
  });
  it('takes only ASCII queries as English', () => {
    expect(englishQueryWords('Sony Group sony')).toEqual(['sony', 'group']);
    expect(englishQueryWords('ソニー')).toBeNull();
    expect(englishQueryWords('sonyソニー')).toBeNull();
    expect(englishQueryWords('...')).toBeNull();
  });
});

describe('addressSearchText (the address field)', () => {
  const typed = (s: string) => addressSearchText(s).split(SEP).join('-');
  const registered = (street: string) => registeredAddressText('東京都', '千代田区', street).split(SEP).join('-');

  it.each([
    ['漢数字 丁目 and 番・号 (登記の書き方)', '丸の内二丁目７番２号', '東京都千代田区丸の内2-7-2-'],
    ['full-width digits and hyphens', '丸の内２－７－２', '東京都千代田区丸の内2-7-2-'],
    ['digits with 丁目 only', '丸の内２丁目', '東京都千代田区丸の内2-'],
    ['番地の', '一番町１２３番地の４', '東京都千代田区一番町123-4-'],
    ['a place name with 漢数字 stays (一番町, 三番町)', '三番町', '東京都千代田区三番町'],
    ['二十一丁目', '大手町二十一丁目３番地', '東京都千代田区大手町21-3-'],
    ['霞ヶ関 and 霞が関 are one', '霞ヶ関３丁目', '東京都千代田区霞ケ関3-'],
    ['ノ between kanji', '丸ノ内１丁目', '東京都千代田区丸の内1-'],
    ['ー after a number is a dash, in a word a long vowel', 'センター２ー３', '東京都千代田区センター2-3-'],
    ['号館 and 番町 keep their kanji', '1番町2号館', '東京都千代田区1番町2号館'],
    ['spaces and 中点 dropped', '丸の内 １丁目・ビル', '東京都千代田区丸の内1-ビル'],
  ])('registered: %s', (_, street, expected) => {
    expect(registered(street)).toBe(expected);
  });

  it.each([
    ['丸の内二丁目', '丸の内2-'],
    ['丸の内2丁目', '丸の内2-'],
    ['大手町1', '大手町1'],
    ['２丁目７番２号', '2-7-2-'],
    ['霞が関', '霞ケ関'],
    [' 港南 1-7 ', '港南1-7'],
    ['－１', '1'],
  ])('typed: %s → %s', (q, expected) => {
    expect(typed(q)).toBe(expected);
  });

  it('finds what is registered whichever way the 丁目 is typed', () => {
    const reg = registeredAddressText('東京都', '千代田区', '丸の内二丁目７番２号');
    for (const q of ['丸の内二丁目', '丸の内2丁目', '丸の内２－７', '2丁目7番2号', '千代田区丸の内2'])
      expect(reg).toContain(addressSearchText(q));
    expect(registeredAddressText('東京都', '千代田区', '丸の内二十丁目')).not.toContain(addressSearchText('丸の内2丁目'));
  });

  it('is empty without a domestic address', () => {
    expect(registeredAddressText(null, null, null)).toBe('');
  });

  it('reads 漢数字 as addresses write them', () => {
    expect([
      kanjiNumber('二'),
      kanjiNumber('十'),
      kanjiNumber('十二'),
      kanjiNumber('二十三'),
      kanjiNumber('百五'),
      kanjiNumber('一〇五'),
    ]).toEqual([2, 10, 12, 23, 105, 105]);
    expect(kanjiNumber('丸')).toBeNull();
  });

  it('indexes every 2- to 8-character substring of the address under its own marker, and nothing longer', () => {
    const text = registeredAddressText('東京都', '港区', '港南1-7');
    const tokens = documentText(addressOnly('ソニー', text)).split(' ');
    const chars = Array.from(text);
    expect(ADDRESS_GRAM_MAX).toBe(8);
    for (const k of [2, 3, 4, 5, 6, 7, 8]) for (const g of addressGrams(chars, k)) expect(tokens).toContain(ADDRESS_GRAM + g);
    expect(tokens).toContain(`${ADDRESS_GRAM}港南`);
    expect(tokens).toContain(`${ADDRESS_GRAM}7${SEP}`);
    expect(tokens).toContain(`${ADDRESS_GRAM}南1${SEP}`);
    expect(tokens).toContain(`${ADDRESS_GRAM}1${SEP}7${SEP}`);
    expect(tokens).toContain(`${ADDRESS_GRAM}南1${SEP}7${SEP}`);
    const addressTokens = tokens.filter((t) => t.startsWith(ADDRESS_GRAM));
    expect(Math.max(...addressTokens.map((t) => Array.from(t).length - 1))).toBe(8);
    expect(Math.min(...addressTokens.map((t) => Array.from(t).length - 1))).toBe(2);
    // n characters → (n-1) + (n-2) + … + (n-7) grams.
    const n = chars.length;
    expect(addressTokens).toHaveLength(7 * n - 28);
  });

  it('writes every gram of a long address of astral characters whole (the token buffer grows enough)', () => {
    // 100 characters, each two UTF-16 code units: 7 × 100 − 28 = 672 grams of up to 16 code units.
    const text = '𠮷'.repeat(50) + '𩸽'.repeat(50);
    const tokens = documentText(addressOnly('ア', text)).split(' ');
    const expected = [2, 3, 4, 5, 6, 7, 8].flatMap((k) =>
      Array.from(
        { length: 100 - k + 1 },
        (_, i) =>
          ADDRESS_GRAM +
          Array.from(text)
            .slice(i, i + k)
            .join(''),
      ),
    );
    expect(tokens.filter((t) => t.startsWith(ADDRESS_GRAM))).toEqual(expect.arrayContaining(expected));
    expect(tokens.filter((t) => t.startsWith(ADDRESS_GRAM))).toHaveLength(expected.length);
  });

  it('lists the distinct k-character substrings of an address in order', () => {
    expect(addressGrams(Array.from('1-1-1'), 2)).toEqual(['1-', '-1']);
    expect(addressGrams(Array.from('町1-21'), 4)).toEqual(['町1-2', '1-21']);
    expect(addressGrams(Array.from('町1'), 4)).toEqual([]);
  });
});

describe('kind-marked name tokens (format 7, docs/decisions/0046)', () => {
  const doc = {
    nameNorm: '𠮷開発',
    readingNorm: 'ヨシカイハツ',
    formerNorms: ['旧名'],
    kind: '304',
    enNorm: 'yoshi',
    postCode: '1000005',
    addressKey: '',
    city: '13101',
    addressText: '東京都',
  };

  it('repeats every name token of a rare kind, marked with the kind, and nothing else', () => {
    const tokens = documentText(doc).split(' ');
    const plain = documentText({ ...doc, kind: '301' }).split(' ');
    const mark = `${KIND_MARK}304`;
    const marked = tokens.filter((t) => t.startsWith(mark));
    // The name tokens: 1-/2-/3-grams of the current and the former name (astral 𠮷 is one
    // character), the name prefixes, the exact name, the reading prefixes.
    const nameTokens = plain.filter((t) => t !== '' && !/^[\uE004-\uE009]/.test(t));
    expect(nameTokens).toEqual(
      expect.arrayContaining(['𠮷', '𠮷開', '𠮷開発', '開発', '旧名', '\uE001𠮷開発', '\uE002𠮷開発', '\uE003ヨシカイハツ']),
    );
    expect(marked).toEqual(nameTokens.map((t) => mark + t));
    expect(tokens.filter((t) => !t.startsWith(mark))).toEqual(plain.map((t) => (t === '\uE004301' ? '\uE004304' : t)));
  });

  it('leaves the common kinds unmarked', () => {
    for (const kind of ['301', '302', '399']) expect(documentText({ ...doc, kind }).includes(KIND_MARK)).toBe(false);
    for (const kind of ['101', '201', '303', '304', '305', '401', '499'])
      expect(documentText({ ...doc, kind }).includes(KIND_MARK + kind)).toBe(true);
  });

  it('uses the marked tokens only when every selected kind is marked', () => {
    expect(markedKinds(null)).toBeNull();
    expect(markedKinds([])).toBeNull();
    expect(markedKinds(['304', '305'])).toEqual(['304', '305']);
    expect(markedKinds(['301', '305'])).toBeNull();
    expect(nameTerm('開発')).toBe('"開発"');
    expect(nameTerm('開発', ['304'])).toBe(`"${KIND_MARK}304開発"`);
    expect(nameTerm('開発', ['303', '305'])).toBe(`("${KIND_MARK}303開発" OR "${KIND_MARK}305開発")`);
  });
});

describe('term (issue 25 §7: the FTS term is escaped)', () => {
  it('quotes a token so FTS5 syntax in it is text, never an operator or a syntax error', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE f USING fts5(t, tokenize='ascii')`);
    db.prepare('INSERT INTO f (t) VALUES (?)').run('near and or not sony');
    const count = (expr: string) => (db.prepare('SELECT count(*) AS n FROM f WHERE f MATCH ?').get(expr) as { n: number }).n;
    for (const token of ['"', 'a"b', '""', '*', 'sony*', 'NEAR', 'NEAR(a b)', 'AND', 'OR', 'NOT', '(', ')', 'a:b', '^a', '+']) {
      expect(() => count(term(token)), token).not.toThrow();
    }
    expect(term('a"b')).toBe('"a""b"');
    // Keywords are matched as the words they are, not as operators.
    expect(count(term('NEAR'))).toBe(1);
    expect(count(term('AND'))).toBe(1);
    expect(count(`${term('sony')} AND ${term('"')}`)).toBe(0);
    db.close();
  });
});
