import { describe, expect, it } from 'vitest';
import { addressHash, addressKey, englishQueryWords, englishWords, postCodeQuery } from './index-tokens';

const SEP = '\uE0FF';

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
