/**
 * A hand-rolled streaming RFC 4180 record splitter, tuned for the NTA files: 5–6 million records
 * of ~30 short fields, text quoted, codes bare, CRLF. A generic CSV library costs several times
 * more per record (per-character state machine, option checks); here each field is one
 * `indexOf` plus one `slice`, so the parser runs at well over 1M records/s (bench/nta-parse.ts).
 *
 * Input is decoded text pushed in chunks of any size. A record split across chunks is kept and
 * re-parsed when the next chunk arrives (at most one partial record per chunk, so the cost is
 * negligible). Quoted fields may contain commas, `""` escapes and line breaks; line numbers count
 * physical lines so error reports point at the right place in the file.
 *
 * The project's one CSV parser (issue 25 §6, docs/decisions/0081): the NTA and invoice importers
 * stream through CsvRecordSplitter; the bulk check's upload (in the browser) and Japan Post's
 * files read whole texts through csvRecords. csv-parse was measured ~17× slower here
 * (bench/csv-parsers.ts) and needs Node's Buffer, which the browser does not have.
 */

const QUOTE = 34;
const CR = 13;
const LF = 10;
const COMMA = 44;

/** More columns than any NTA layout; extra fields are counted but not kept. */
export const MAX_KEPT_FIELDS = 40;

const UNTERMINATED = '閉じられていない引用符があります (unterminated quoted field)';
const AFTER_QUOTE = '引用符の後に余分な文字があります (characters after a closing quote)';

/**
 * Called once per record with a reused `fields` array (copy what you keep; only the first
 * `count` entries are meaningful, at most MAX_KEPT_FIELDS of them). `problem` is set when the
 * record is malformed (for instance an unterminated quote); the fields are then best-effort.
 */
export type CsvRecordHandler = (fields: string[], count: number, line: number, problem: string | null) => void;

export class CsvRecordSplitter {
  private rest = '';
  /** Physical line on which the next record starts. */
  private line = 1;
  private readonly fields: string[];

  /** `maxKeptFields`: fields kept per record (more are counted, not kept). */
  constructor(private readonly maxKeptFields: number = MAX_KEPT_FIELDS) {
    this.fields = new Array<string>(maxKeptFields).fill('');
  }

  /** Line number the next record will start on (for reporting a failure mid-file). */
  get currentLine(): number {
    return this.line;
  }

  /**
   * Parse `chunk` (appended to any leftover partial record). With `final`, the text ends here:
   * a last record without a line break is emitted, and an unterminated quote is reported.
   *
   * Fields are found with charCodeAt loops rather than indexOf: NTA fields are short (codes,
   * dates, names), where a plain loop beats a call into the runtime per field.
   */
  push(chunk: string, final: boolean, onRecord: CsvRecordHandler): void {
    if (this.rest.length === 0) {
      this.rest = chunk.slice(this.parse(chunk, 0, final, onRecord));
      return;
    }
    // A record was cut by the previous chunk boundary. Concatenating the whole chunk to it would
    // give a cons string, which V8 reads about twice as slowly with charCodeAt; so finish that
    // record on a small string first, then parse the chunk itself, which is flat.
    const lf = chunk.indexOf('\n');
    if (lf !== -1 && lf + 1 < chunk.length) {
      const head = this.rest + chunk.slice(0, lf + 1);
      this.rest = '';
      const stop = this.parse(head, 0, false, onRecord);
      if (stop === head.length) {
        this.rest = chunk.slice(this.parse(chunk, lf + 1, final, onRecord));
        return;
      }
      // Rare: a quoted field with a line break spans the boundary. Fall back to concatenation.
      const s = head.slice(stop) + chunk.slice(lf + 1);
      this.rest = s.slice(this.parse(s, 0, final, onRecord));
      return;
    }
    const s = this.rest + chunk;
    this.rest = '';
    this.rest = s.slice(this.parse(s, 0, final, onRecord));
  }

  /** Parse records from `from`; returns where an incomplete record starts (s.length when none). */
  private parse(s: string, from: number, final: boolean, onRecord: CsvRecordHandler): number {
    const n = s.length;
    const fields = this.fields;
    let p = from;

    while (p < n) {
      const start = p;
      let lines = 0; // line breaks inside quoted fields
      let count = 0;
      let problem: string | null = null;
      let value = '';

      for (;;) {
        let c = p < n ? s.charCodeAt(p) : -1;
        let endOfRecord = false;
        if (c === QUOTE) {
          let j = p + 1;
          let escaped = false;
          for (;;) {
            while (j < n && (c = s.charCodeAt(j)) !== QUOTE) {
              if (c === LF) lines++;
              j++;
            }
            if (j + 1 < n && s.charCodeAt(j + 1) === QUOTE) {
              escaped = true;
              j += 2;
              continue;
            }
            break;
          }
          // j is the closing quote, or n. At the end of a non-final chunk we cannot tell a
          // closing quote from the first half of a "" escape: wait for more text.
          if (j + 1 >= n && !final) {
            return start;
          }
          if (j >= n) {
            problem = UNTERMINATED;
            value = s.slice(p + 1, n);
            p = n;
          } else {
            value = s.slice(p + 1, j);
            p = j + 1;
          }
          if (escaped) value = value.replaceAll('""', '"');
          c = p < n ? s.charCodeAt(p) : -1;
          if (c === COMMA) {
            p++;
          } else if (c === LF || c === -1) {
            p++;
            endOfRecord = true;
          } else if (c === CR && p + 1 < n && s.charCodeAt(p + 1) === LF) {
            p += 2;
            endOfRecord = true;
          } else if (c === CR && p + 1 >= n && !final) {
            return start;
          } else {
            // Text after a closing quote: keep it (lenient) and report the record.
            problem ??= AFTER_QUOTE;
            let k = p;
            while (k < n && (c = s.charCodeAt(k)) !== COMMA && c !== LF) k++;
            if (k >= n && !final) return start;
            const end = k < n && c === LF && s.charCodeAt(k - 1) === CR ? k - 1 : k;
            value += s.slice(p, end);
            endOfRecord = k >= n || s.charCodeAt(k) === LF;
            p = k + 1;
          }
        } else {
          let j = p;
          while (j < n && (c = s.charCodeAt(j)) !== COMMA && c !== LF) j++;
          if (j >= n && !final) {
            return start;
          }
          if (j < n && c === COMMA) {
            value = s.slice(p, j);
          } else {
            value = s.slice(p, j > p && s.charCodeAt(j - 1) === CR ? j - 1 : j);
            endOfRecord = true;
          }
          p = j + 1;
        }
        if (count < this.maxKeptFields) fields[count] = value;
        count++;
        if (endOfRecord) break;
      }

      const line = this.line;
      this.line = line + 1 + lines;
      // Blank lines (a trailing line break, an empty last line) are not records.
      if (count === 1 && value === '' && problem === null && s.charCodeAt(start) !== QUOTE) continue;
      onRecord(fields, count, line, problem);
    }
    return n;
  }
}

/** One record of a whole text: its fields, the physical line it starts on, and what is wrong with it. */
export interface CsvRecord {
  fields: string[];
  line: number;
  problem: string | null;
}

/** Fields kept per record by csvRecords: more than any spreadsheet a visitor uploads. */
const WHOLE_TEXT_FIELDS = 1024;

/** Every record of a whole CSV text (blank lines are not records). */
export function csvRecords(text: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  new CsvRecordSplitter(WHOLE_TEXT_FIELDS).push(text, true, (fields, count, line, problem) => {
    out.push({ fields: fields.slice(0, Math.min(count, WHOLE_TEXT_FIELDS)), line, problem });
  });
  return out;
}
