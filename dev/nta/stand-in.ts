/**
 * A local stand-in for the NTA's two Web-APIs (domain.md §1b), serving NTA-format files from a
 * folder so that development and tests run the real client code (src/features/registry/server/update):
 *
 * - 法人番号システム Web-API v4: `GET /4/diff?id&from&to&type=02&divide=N` (the rows of the
 *   `diff_YYYYMMDD.csv` files dated from…to) and `GET /4/num?id&number=N1,N2…&type=02&history=0|1`.
 * - 適格請求書発行事業者公表システム Web-API v1: `GET /1/diff?id&from&to&type=01&divide=N` and
 *   `GET /1/num?id&number=T…&type=01` over `invoice_diff_YYYYMMDD.csv` files (invoice CSV lines).
 *
 * Answers are CSV: first `lastUpdateDate,count,divideNumber,divideSize`, then the rows of the
 * requested part. `divideSize` rows a part (2,000 like the NTA, smaller in tests to exercise paging).
 * Files are read on each request, so a test can drop in the next day's file while it runs.
 * `/_control/fail?day=YYYY-MM-DD` makes that day's diff answer 500 (tests of a failed run).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface NtaStandInOptions {
  dir: string;
  divideSize?: number;
}

interface Line {
  day: string;
  number: string;
  text: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayOf(name: string, prefix: string): string | null {
  const m = new RegExp(`^${prefix}(\\d{4})(\\d{2})(\\d{2})\\.csv$`).exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** Rows of every file named `<prefix>YYYYMMDD.csv`, oldest day first. */
function readLines(dir: string, prefix: string, numberColumn: number): Line[] {
  if (!fs.existsSync(dir)) return [];
  const out: Line[] = [];
  const files = fs
    .readdirSync(dir)
    .map((name) => ({ name, day: dayOf(name, prefix) }))
    .filter((f): f is { name: string; day: string } => f.day !== null)
    .sort((a, b) => a.day.localeCompare(b.day));
  for (const f of files) {
    const text = fs.readFileSync(path.join(dir, f.name), 'utf8').replace(/^\uFEFF/, '');
    for (const line of text.split(/\r?\n/)) {
      if (line === '') continue;
      const number = (line.split(',')[numberColumn] ?? '').replace(/"/g, '');
      out.push({ day: f.day, number, text: line });
    }
  }
  return out;
}

export function createNtaStandIn(options: NtaStandInOptions): http.Server {
  const divideSize = options.divideSize ?? 2000;
  const failing = new Set<string>();

  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const q = url.searchParams;
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/csv; charset=utf-8' });
      res.end(body);
    };
    if (url.pathname === '/_control/fail') {
      const day = q.get('day') ?? '';
      if (q.get('clear') === '1') failing.clear();
      else failing.add(day);
      return send(200, 'ok');
    }
    const api = url.pathname.startsWith('/4/') ? 'nta' : url.pathname.startsWith('/1/') ? 'invoice' : null;
    if (api === null) return send(404, 'not found');
    if (!q.get('id')) return send(403, 'application id required');
    const expectedType = api === 'nta' ? '02' : '01';
    if (q.get('type') !== expectedType) return send(400, `type must be ${expectedType} here`);
    // NTA rows: 法人番号 is column 2; invoice rows: 登録番号 (T + 13 digits) is column 2 as well.
    const lines = readLines(options.dir, api === 'nta' ? 'diff_' : 'invoice_diff_', 1);
    const endpoint = url.pathname.slice(3);

    let rows: Line[];
    if (endpoint === 'diff') {
      const from = q.get('from') ?? '';
      const to = q.get('to') ?? '';
      if (!DAY.test(from) || !DAY.test(to) || from > to) return send(400, 'from/to must be YYYY-MM-DD, from <= to');
      for (const day of failing) if (day >= from && day <= to) return send(500, `stand-in: ${day} set to fail`);
      rows = lines.filter((l) => l.day >= from && l.day <= to);
    } else if (endpoint === 'num') {
      const numbers = (q.get('number') ?? '').split(',').filter(Boolean);
      if (numbers.length === 0 || numbers.length > 10) return send(400, 'number: 1 to 10 numbers');
      const history = q.get('history') === '1';
      rows = [];
      for (const n of numbers) {
        const mine = lines.filter((l) => l.number === n);
        rows.push(...(history ? mine : mine.slice(-1)));
      }
    } else {
      return send(404, 'not found');
    }

    const parts = Math.max(1, Math.ceil(rows.length / divideSize));
    const divide = Number(q.get('divide') ?? '1');
    if (!Number.isInteger(divide) || divide < 1 || divide > parts) return send(400, `divide must be 1..${parts}`);
    const part = rows.slice((divide - 1) * divideSize, divide * divideSize);
    const lastUpdateDate = lines.reduce((a, l) => (l.day > a ? l.day : a), '1970-01-01');
    send(200, [`${lastUpdateDate},${rows.length},${divide},${parts}`, ...part.map((l) => l.text)].join('\r\n') + '\r\n');
  });
}
