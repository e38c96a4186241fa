import { describe, expect, it } from 'vitest';
import { CsvRecordSplitter, csvRecords } from './csv-records';

interface Rec {
  fields: string[];
  line: number;
  problem: string | null;
}

function split(chunks: string[]): Rec[] {
  const out: Rec[] = [];
  const s = new CsvRecordSplitter();
  chunks.forEach((c, i) => s.push(c, i === chunks.length - 1, (f, n, line, problem) => out.push({ fields: f.slice(0, n), line, problem })));
  return out;
}

const TEXT =
  '1,"a,b","say ""hi""",x\r\n' + // quoted comma, escaped quotes
  '2,"",,"end"\r\n' + // empty quoted, empty bare
  '\r\n' + // blank line
  '3,"multi\r\nline ""q""",y\r\n' + // quoted CRLF inside a field
  '4,"日本語","Ｔ＆Ｍ",z\n' + // LF only
  '5,last,"no newline"';

const EXPECTED: Rec[] = [
  { fields: ['1', 'a,b', 'say "hi"', 'x'], line: 1, problem: null },
  { fields: ['2', '', '', 'end'], line: 2, problem: null },
  { fields: ['3', 'multi\r\nline "q"', 'y'], line: 4, problem: null },
  { fields: ['4', '日本語', 'Ｔ＆Ｍ', 'z'], line: 6, problem: null },
  { fields: ['5', 'last', 'no newline'], line: 7, problem: null },
];

describe('CsvRecordSplitter', () => {
  it('splits RFC 4180 records with quotes, "" escapes, CRLF and LF, skipping blank lines', () => {
    expect(split([TEXT])).toEqual(EXPECTED);
  });

  it('gives the same records wherever the text is cut into two chunks', () => {
    for (let cut = 0; cut <= TEXT.length; cut++) {
      expect(split([TEXT.slice(0, cut), TEXT.slice(cut)]), `cut at ${cut}`).toEqual(EXPECTED);
    }
  });

  it('gives the same records when fed one character at a time', () => {
    expect(split([...TEXT].concat(['']))).toEqual(EXPECTED);
  });

  it('reports an unterminated quote at the end of the input', () => {
    const recs = split(['1,"open\r\n2,x']);
    expect(recs).toHaveLength(1);
    expect(recs[0]?.problem).toMatch(/unterminated/);
  });

  it('keeps text after a closing quote but marks the record', () => {
    const recs = split(['1,"a"b,c\r\n2,d\r\n']);
    expect(recs[0]).toEqual({ fields: ['1', 'ab', 'c'], line: 1, problem: expect.stringMatching(/after a closing quote/) });
    expect(recs[1]).toEqual({ fields: ['2', 'd'], line: 2, problem: null });
  });

  it('keeps a trailing empty field and a CR that does not end the line', () => {
    expect(split(['a,b,\r\n'])[0]?.fields).toEqual(['a', 'b', '']);
    expect(split(['a\rb,c\n'])[0]?.fields).toEqual(['a\rb', 'c']);
  });

  it('counts more fields than it keeps', () => {
    const recs: number[] = [];
    new CsvRecordSplitter().push(`${Array.from({ length: 50 }, (_, i) => i).join(',')}\n`, true, (_f, n) => recs.push(n));
    expect(recs).toEqual([50]);
  });
});

describe('csvRecords (the whole-text reader of the one CSV parser)', () => {
  it('keeps more than the NTA layout’s 40 fields, counts lines, and reports an unclosed quote', () => {
    const wide = Array.from({ length: 60 }, (_, i) => `c${i}`).join(',');
    const records = csvRecords(`${wide}\r\n"a\r\nb",x\r\n\r\n"open`);
    expect(records.map((r) => r.fields.length)).toEqual([60, 2, 1]);
    expect(records[0]?.fields[59]).toBe('c59');
    expect(records[1]).toEqual({ fields: ['a\r\nb', 'x'], line: 2, problem: null });
    expect(records[2]?.line).toBe(5);
    expect(records[2]?.problem).toMatch(/閉じられていない引用符/);
  });
});
