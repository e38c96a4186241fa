'use client';

import Link from '@/components/link';
import { SubmitButton } from '@/components/form/submit-button';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';

import { ApiError } from '@/lib/api-client';
import { type CsvForm, csvFileName } from '@/lib/csv';
import { formatIsoDateJa } from '@/lib/format';

import {
  BULK_LINES_MAX,
  BULK_MESSAGES,
  BULK_RESULT_LABELS,
  type BulkCheckResult,
  type BulkRow,
  bulkCompanyStateText,
  bulkInvoiceText,
  bulkResultCsv,
  countBulkLines,
  csvColumnLines,
  csvFileProblem,
  decodeCsvBytes,
  looksLikeHeader,
  parseCsv,
  splitBulkText,
} from '../bulk';
import { bulkCheck } from '../client/bulk-api';
import styles from './bulk-check.module.css';

interface Upload {
  fileName: string;
  encoding: 'utf-8' | 'shift_jis';
  rows: string[][];
  column: number;
  hasHeader: boolean;
}

const RESULT_MARK: Record<BulkRow['result'], string> = { found: '✓', not_found: '×', ambiguous: '!', invalid: '!' };

/**
 * /search/bulk (issue 14 item 4): a list pasted or read from a CSV (the chosen column fills the
 * box, so the visitor sees and may edit what is checked), one request, a table of results and the
 * same result as a CSV file built here from the JSON (the bytes the API's `format: "csv"` gives).
 */
export function BulkCheck({ today }: { today: string }) {
  const [text, setText] = useState('');
  const [date, setDate] = useState(today);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [result, setResult] = useState<BulkCheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = {
    text: useId(),
    example: useId(),
    count: useId(),
    date: useId(),
    file: useId(),
    column: useId(),
    header: useId(),
    status: useId(),
  };

  // As pasted, blank lines included: the results' 「行」 is the line's number in the box.
  const lines = splitBulkText(text);
  const lineCount = countBulkLines(lines);
  const tooMany = lineCount > BULK_LINES_MAX;

  function applyUpload(next: Upload) {
    setUpload(next);
    setText(csvColumnLines(next.rows, next.column, next.hasHeader).join('\n'));
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setError(null);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = csvFileProblem(bytes);
    if (problem) {
      // the list already in the box stays as it was
      setUpload(null);
      setError(problem);
      return;
    }
    const { text: csv, encoding } = decodeCsvBytes(bytes);
    const rows = parseCsv(csv);
    if (rows.length === 0) {
      // as for a file that cannot be read: the list stays, the note of an earlier file goes
      setUpload(null);
      setError(`${file.name} に内容がありません。`);
      return;
    }
    applyUpload({ fileName: file.name, encoding, rows, column: 0, hasHeader: looksLikeHeader(rows) });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (lineCount === 0) return setError(BULK_MESSAGES.empty);
    if (tooMany) return setError(BULK_MESSAGES.too_many);
    setBusy(true);
    setError(null);
    try {
      setResult(await bulkCheck(lines, date));
    } catch (err) {
      setResult(null);
      setError(
        err instanceof ApiError
          ? (Object.values(err.fields ?? {})[0] ?? err.message)
          : 'エラーが発生しました。時間をおいてもう一度お試しください。',
      );
    } finally {
      setBusy(false);
    }
  }

  function download(form: CsvForm) {
    if (!result) return;
    const blob = new Blob([bulkResultCsv(result, form)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = csvFileName(`一括確認_${result.date}`, form);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const header = upload?.hasHeader ? upload.rows[0] : undefined;
  const columnCount = upload ? Math.max(...upload.rows.map((r) => r.length)) : 0;

  return (
    <div className="stack">
      <form className={`stack panel ${styles.form}`} onSubmit={onSubmit} noValidate>
        <div className={styles.field}>
          <label htmlFor={ids.text} className={styles.label}>
            法人番号・登録番号（T＋13桁）・法人名（1行に1件）
          </label>
          <p id={ids.example} className={`${styles.hint} ${styles.example}`}>
            例：<span>7000012050002</span>、<span>T7000012050002</span>、<span>株式会社〇〇</span>
          </p>
          <textarea
            id={ids.text}
            className={`input ${styles.textarea}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={8}
            aria-describedby={`${ids.example} ${ids.count}`}
            aria-invalid={tooMany}
            spellCheck={false}
          />
          <p id={ids.count} className={tooMany ? styles.countOver : styles.count}>
            {lineCount.toLocaleString('ja-JP')}行 ／ 最大{BULK_LINES_MAX.toLocaleString('ja-JP')}行
            {tooMany ? `（${BULK_MESSAGES.too_many}）` : ''}
          </p>
        </div>

        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={ids.file} className={styles.label}>
              CSVファイルから読み込む（UTF-8・Shift_JIS）
            </label>
            <input id={ids.file} type="file" accept=".csv,text/csv" onChange={onFile} className={styles.file} />
            {upload && (
              <div className={styles.uploadOptions}>
                <p className={styles.hint}>
                  {upload.fileName}（{upload.encoding === 'utf-8' ? 'UTF-8' : 'Shift_JIS'}）を読み込みました。
                </p>
                {columnCount > 1 && (
                  <label htmlFor={ids.column} className={styles.inline}>
                    確認する列
                    <select
                      id={ids.column}
                      className="input"
                      value={upload.column}
                      onChange={(e) => applyUpload({ ...upload, column: Number(e.target.value) })}
                    >
                      {Array.from({ length: columnCount }, (_, i) => (
                        <option key={i} value={i}>
                          {`${i + 1}列目${header?.[i] ? `：${header[i]}` : ''}`}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                <label htmlFor={ids.header} className={styles.inline}>
                  <input
                    id={ids.header}
                    type="checkbox"
                    checked={upload.hasHeader}
                    onChange={(e) => applyUpload({ ...upload, hasHeader: e.target.checked })}
                  />
                  1行目は見出し
                </label>
              </div>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.date} className={styles.label}>
              インボイス登録状況を確認する日
            </label>
            <input
              id={ids.date}
              type="date"
              className={`input ${styles.date}`}
              value={date}
              onChange={(e) => setDate(e.target.value || today)}
              required
            />
          </div>
        </div>

        <div className={styles.actions}>
          <SubmitButton busy={busy} busyLabel="確認しています…">
            まとめて確認する
          </SubmitButton>
        </div>
      </form>

      <div id={ids.status} role="status" aria-live="polite" className={styles.status} data-testid="bulk-status">
        {error !== null ? (
          <p className="error-box">{error}</p>
        ) : result !== null ? (
          <p>
            {result.rows.length.toLocaleString('ja-JP')}件を確認しました：該当あり {result.summary.found}件・該当なし{' '}
            {result.summary.notFound}件・複数該当 {result.summary.ambiguous}件・入力誤り {result.summary.invalid}件
          </p>
        ) : null}
      </div>

      {result !== null && (
        <section className={styles.results} aria-labelledby={`${ids.status}-h`}>
          <div className={styles.resultsHead}>
            <h2 id={`${ids.status}-h`} className={styles.h2}>
              確認結果
            </h2>
            <div className={styles.downloads}>
              <button type="button" className="button button-secondary" onClick={() => download('plain')}>
                CSVでダウンロード
              </button>
              <button type="button" className="button button-secondary" onClick={() => download('excel')}>
                Excel用CSV
              </button>
            </div>
          </div>
          <div className={styles.scroll} role="region" aria-label="確認結果の表（横にスクロールできます）" tabIndex={0}>
            <table className={styles.table}>
              <caption className={styles.caption}>
                {result.rows.length.toLocaleString('ja-JP')}件の確認結果（インボイス登録状況は{formatIsoDateJa(result.date)}時点）
              </caption>
              <thead>
                <tr>
                  <th scope="col">行</th>
                  <th scope="col">入力</th>
                  <th scope="col">結果</th>
                  <th scope="col">法人</th>
                  <th scope="col">インボイス</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <ResultRow key={r.line} row={r} />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

function ResultRow({ row }: { row: BulkRow }) {
  const c = row.company;
  return (
    <tr data-result={row.result}>
      <td className={styles.num}>{row.line}</td>
      <td className={styles.input}>{row.input}</td>
      <td className={styles.resultCell}>
        <span className={`${styles.badge} ${styles[row.result]}`}>
          <span aria-hidden="true">{RESULT_MARK[row.result]} </span>
          {BULK_RESULT_LABELS[row.result]}
          {row.result === 'ambiguous' && row.matches !== null ? `（${row.matches}件）` : ''}
        </span>
        {row.message !== null && <span className={styles.message}>{row.message}</span>}
      </td>
      <td className={styles.companyCell} data-label="法人">
        {c !== null && (
          <>
            <Link href={`/search-service/result?corporateNumber=${c.corporateNumber}`} className={styles.name}>
              {c.name}
            </Link>
            <span className={styles.meta}>法人番号 {c.corporateNumber}</span>
            <span className={styles.meta}>{c.address}</span>
            <span className={c.closed ? styles.closed : styles.meta}>{bulkCompanyStateText(c)}</span>
            {c.successor !== null && (
              <span className={styles.meta}>
                承継先：
                <Link href={`/search-service/result?corporateNumber=${c.successor.corporateNumber}`}>
                  {c.successor.name ?? c.successor.corporateNumber}
                </Link>
                {c.successor.name !== null ? `（${c.successor.corporateNumber}）` : ''}
              </span>
            )}
          </>
        )}
      </td>
      <td className={styles.invoiceCell} data-label={row.invoice === null ? undefined : 'インボイス'}>
        {row.invoice?.state === 'registered' && <span className={styles.meta}>{row.invoice.registrationNumber}</span>}
        {row.invoice !== null && <span>{bulkInvoiceText(row.invoice)}</span>}
      </td>
    </tr>
  );
}
