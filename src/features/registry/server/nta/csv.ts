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
 */

const QUOTE = 34;
const CR = 13;
const COMMA = 44;

/** More columns than any NTA layout; extra fields are counted but not kept. */
export const MAX_KEPT_FIELDS = 40;

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
  private readonly fields: string[] = new Array<string>(MAX_KEPT_FIELDS).fill('');

  /** Line number the next record will start on (for reporting a failure mid-file). */
  get currentLine(): number {
    return this.line;
  }

  /**
   * Parse `chunk` (appended to any leftover partial record). With `final`, the text ends here:
   * a last record without a line break is emitted, and an unterminated quote is reported.
   */
  push(chunk: string, final: boolean, onRecord: CsvRecordHandler): void {
    const s = this.rest.length > 0 ? this.rest + chunk : chunk;
    this.rest = '';
    const n = s.length;
    const fields = this.fields;
    let p = 0;

    records: while (p < n) {
      const start = p;
      const startLine = this.line;
      let nl = s.indexOf('\n', p);
      if (nl === -1) {
        if (!final) {
          this.rest = s.slice(start);
          return;
        }
        nl = n;
      }
      let count = 0;
      let extraLines = 0;
      let problem: string | null = null;

      for (;;) {
        let value: string;
        let endOfRecord = false;
        if (p < n && s.charCodeAt(p) === QUOTE) {
          // Quoted field: find the closing quote, treating `""` as an escaped quote.
          let q = s.indexOf('"', p + 1);
          if (q === -1) {
            if (!final) {
              this.rest = s.slice(start);
              this.line = startLine;
              return;
            }
            problem = '閉じられていない引用符があります (unterminated quoted field)';
            value = s.slice(p + 1);
            q = n;
          } else if (s.charCodeAt(q + 1) !== QUOTE) {
            value = s.slice(p + 1, q);
          } else {
            value = s.slice(p + 1, q + 1);
            let from = q + 2;
            for (;;) {
              q = s.indexOf('"', from);
              if (q === -1) break;
              if (s.charCodeAt(q + 1) === QUOTE) {
                value += s.slice(from, q + 1);
                from = q + 2;
              } else {
                value += s.slice(from, q);
                break;
              }
            }
            if (q === -1) {
              if (!final) {
                this.rest = s.slice(start);
                this.line = startLine;
                return;
              }
              problem = '閉じられていない引用符があります (unterminated quoted field)';
              value += s.slice(from);
              q = n;
            }
          }
          if (q > nl) {
            // Line breaks inside the quoted field: count them, then find the record's real end.
            for (let k = s.indexOf('\n', p); k !== -1 && k < q; k = s.indexOf('\n', k + 1)) extraLines++;
            nl = s.indexOf('\n', q + 1);
            if (nl === -1) {
              if (!final) {
                this.rest = s.slice(start);
                this.line = startLine;
                return;
              }
              nl = n;
            }
          }
          p = q + 1;
          if (p >= nl || (s.charCodeAt(p) === CR && p + 1 === nl)) {
            endOfRecord = true;
          } else if (s.charCodeAt(p) === COMMA) {
            p++;
          } else {
            // Text after a closing quote: keep it (lenient) and note the record as malformed.
            problem ??= '引用符の後に余分な文字があります (characters after a closing quote)';
            const c = s.indexOf(',', p);
            if (c !== -1 && c < nl) {
              value += s.slice(p, c);
              p = c + 1;
            } else {
              value += s.slice(p, nl > p && s.charCodeAt(nl - 1) === CR ? nl - 1 : nl);
              endOfRecord = true;
            }
          }
        } else {
          const c = s.indexOf(',', p);
          if (c !== -1 && c < nl) {
            value = s.slice(p, c);
            p = c + 1;
          } else {
            const end = nl > p && s.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
            value = s.slice(p, end);
            endOfRecord = true;
          }
        }
        if (count < MAX_KEPT_FIELDS) fields[count] = value;
        count++;
        if (endOfRecord) break;
      }

      p = nl + 1;
      this.line = startLine + 1 + extraLines;
      // Blank lines (a trailing line break, an empty last line) are not records.
      if (count === 1 && fields[0] === '' && problem === null) continue records;
      onRecord(fields, count, startLine, problem);
    }
  }
}
