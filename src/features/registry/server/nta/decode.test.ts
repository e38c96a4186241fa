import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { NtaTextDecoder } from './decode';

const TEXT = '1,"株式会社髙橋Ｔ＆Ｍｶﾌｪ",301\r\n2,"ソニーグループ株式会社",301\r\n';
const SJIS_TEXT = '1,"株式会社高橋Ｔ＆Ｍｶﾌｪ",301\r\n2,"ソニーグループ株式会社",301\r\n'; // JIS level 1–2 only

function decodeIn(decoder: NtaTextDecoder, bytes: Buffer, size: number): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += size) out += decoder.write(bytes.subarray(i, i + size));
  return out + decoder.end();
}

describe('NtaTextDecoder', () => {
  it('detects UTF-8', () => {
    const d = new NtaTextDecoder();
    expect(decodeIn(d, Buffer.from(TEXT), 1 << 16)).toBe(TEXT);
    expect(d.encoding).toBe('utf-8');
  });

  it('detects Shift_JIS (CP932)', () => {
    const d = new NtaTextDecoder();
    expect(decodeIn(d, iconv.encode(SJIS_TEXT, 'cp932'), 1 << 16)).toBe(SJIS_TEXT);
    expect(d.encoding).toBe('shift_jis');
  });

  it('drops a UTF-8 byte-order mark', () => {
    const d = new NtaTextDecoder();
    expect(decodeIn(d, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]), 1 << 16)).toBe(TEXT);
    expect(d.encoding).toBe('utf-8');
  });

  it('decodes characters split across chunks of any size in both encodings', () => {
    for (const size of [1, 2, 3, 5, 7]) {
      expect(decodeIn(new NtaTextDecoder(), Buffer.from(TEXT), size), `utf-8 / ${size}`).toBe(TEXT);
      expect(decodeIn(new NtaTextDecoder(), iconv.encode(SJIS_TEXT, 'cp932'), size), `sjis / ${size}`).toBe(SJIS_TEXT);
    }
  });

  it('waits while everything is ASCII, then decides on the first non-ASCII chunk', () => {
    const d = new NtaTextDecoder();
    expect(d.write(Buffer.from('1,2,3\r\n'))).toBe('1,2,3\r\n');
    expect(d.encoding).toBeNull();
    expect(d.write(iconv.encode('"株式会社"\r\n', 'cp932'))).toBe('"株式会社"\r\n');
    expect(d.encoding).toBe('shift_jis');
  });

  it('uses a forced encoding without detection', () => {
    const d = new NtaTextDecoder('shift_jis');
    expect(decodeIn(d, iconv.encode(SJIS_TEXT, 'cp932'), 4)).toBe(SJIS_TEXT);
  });
});

describe('NtaTextDecoder with a character cut before detection', () => {
  it('holds a cut character back until the next chunk lets it decide', () => {
    const d = new NtaTextDecoder();
    const bytes = Buffer.from('ab日');
    expect(d.write(bytes.subarray(0, 4))).toBe('ab');
    expect(d.encoding).toBeNull();
    expect(d.write(bytes.subarray(4)) + d.end()).toBe('日');
    expect(d.encoding).toBe('utf-8');
  });
});
