import { describe, expect, it } from 'vitest';

import { cleanTown, cleanTownKana, joinSplitRows } from './ken-all';

describe('cleanTown', () => {
  it.each([
    // rule 2: whole-field notes → the municipality only
    ['以下に掲載がない場合', '千代田区', ''],
    ['境町の次に番地がくる場合', '猿島郡境町', ''],
    ['小菅村の次に６６４番地以降がくる場合', '北都留郡小菅村', ''],
    ['琴平町の次に１～４２６番地がくる場合', '仲多度郡琴平町', ''],
    ['利島村一円', '利島村', ''],
    ['八丈町一円', '八丈島八丈町', ''],
    // ... but 一円 as a real 大字 stays
    ['一円', '犬上郡多賀町', '一円'],
    // rule 3: parenthesised notes removed
    ['大手町（次のビルを除く）', '千代田区', '大手町'],
    ['大通西（１～１９丁目）', '札幌市中央区', '大通西'],
    ['大通西（その他）', '札幌市中央区', '大通西'],
    ['丸の内ＪＰタワー（地階・階層不明）', '千代田区', '丸の内ＪＰタワー'],
    ['葛巻（第４０地割「５７番地１２５、１７６を除く」～第４５地割）', '岩手郡葛巻町', '葛巻'],
    ['藤野（４００、４００－２番地）', '相模原市緑区', '藤野'],
    // ... except floors, unwrapped, and wings of a building
    ['丸の内ＪＰタワー（１階）', '千代田区', '丸の内ＪＰタワー１階'],
    ['名駅ミッドランドスクエア（高層棟）（３８階）', '名古屋市中村区', '名駅ミッドランドスクエア（高層棟）３８階'],
    // rule 4: an unclosed bracket from truncated data
    ['種市第１５地割～第２１地割（鹿糠、小子内', '九戸郡洋野町', '種市第１５地割～第２１地割'],
    // plain names untouched
    ['丸の内', '千代田区', '丸の内'],
    ['', '千代田区', ''],
  ])('%s (%s) → %s', (town, city, expected) => {
    expect(cleanTown(town, city)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const town of ['名駅ミッドランドスクエア（高層棟）（３８階）', '大手町（次のビルを除く）', '一円', '丸の内ＪＰタワー（１階）']) {
      const once = cleanTown(town, '市');
      expect(cleanTown(once, '市')).toBe(once);
    }
  });
});

describe('cleanTownKana', () => {
  it('converts half-width katakana to full-width and drops the readings of removed notes', () => {
    expect(cleanTownKana('ｵｵﾄﾞｵﾘﾆｼ(1-19ﾁｮｳﾒ)', '大通西')).toBe('オオドオリニシ');
    expect(cleanTownKana('ｵｵﾃﾏﾁ(ﾂｷﾞﾉﾋﾞﾙｦﾉｿﾞｸ)', '大手町')).toBe('オオテマチ');
    expect(cleanTownKana('ﾏﾙﾉｳﾁｼﾞｪｲﾋﾟｰﾀﾜｰ(1ｶｲ)', '丸の内ＪＰタワー１階')).toBe('マルノウチジェイピータワー1カイ');
    expect(cleanTownKana('ﾒｲｴｷﾐｯﾄﾞﾗﾝﾄﾞｽｸｴｱ(ｺｳｿｳﾄｳ)(38ｶｲ)', '名駅ミッドランドスクエア（高層棟）３８階')).toBe(
      'メイエキミッドランドスクエア(コウソウトウ)38カイ',
    );
  });

  it('is empty when the town became empty', () => {
    expect(cleanTownKana('ｲｶﾆｹｲｻｲｶﾞﾅｲﾊﾞｱｲ', '')).toBe('');
  });
});

describe('joinSplitRows', () => {
  const row = (zipcode: string, town: string, townKana: string) => ({ zipcode, town, townKana, city: '岩手郡葛巻町' });

  it('joins consecutive rows of one code while a 「（」 is open, then cleans to one town', () => {
    const joined = joinSplitRows([
      row('0287700', '葛巻（第４０地割「５７番地１２５、１７６を除く」～', 'ｸｽﾞﾏｷ(ﾀﾞｲ40ﾁﾜﾘ<57ﾊﾞﾝﾁ125､176ｦﾉｿﾞｸ>~'),
      row('0287700', '第４５地割）', 'ﾀﾞｲ45ﾁﾜﾘ)'),
      row('0287701', '江刈内', 'ｴｶﾘﾅｲ'),
    ]);
    expect(joined.map((r) => [r.zipcode, r.town])).toEqual([
      ['0287700', '葛巻（第４０地割「５７番地１２５、１７６を除く」～第４５地割）'],
      ['0287701', '江刈内'],
    ]);
    expect(joined[0]?.townKana).toBe('ｸｽﾞﾏｷ(ﾀﾞｲ40ﾁﾜﾘ<57ﾊﾞﾝﾁ125､176ｦﾉｿﾞｸ>~ﾀﾞｲ45ﾁﾜﾘ)');
    expect(cleanTown(joined[0]?.town ?? '', '岩手郡葛巻町')).toBe('葛巻');
  });

  it('does not append a reading that a continuation row merely repeats', () => {
    const joined = joinSplitRows([row('1', '町（一', 'ﾁｮｳ'), row('1', '二）', 'ﾁｮｳ')]);
    expect(joined).toEqual([row('1', '町（一二）', 'ﾁｮｳ')]);
  });

  it('never joins rows of different codes or rows whose brackets are closed', () => {
    const rows = [row('1', '町（一', 'a'), row('2', '二）', 'b'), row('2', '村', 'c'), row('2', '村（三）', 'd')];
    expect(joinSplitRows(rows)).toEqual(rows);
  });
});
