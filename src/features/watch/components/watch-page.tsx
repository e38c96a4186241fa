'use client';

import Link from '@/components/link';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';

import { ApiFailure, ApiPending } from '@/components/api-pending';
import badges from '@/components/status-badges.module.css';
import { csvFileProblem, decodeCsvBytes } from '@/lib/csv-read';
import { ApiError } from '@/lib/api-client';
import { formatIsoDateJa } from '@/lib/format';
import { useApi } from '@/lib/use-api';

import { WATCH_EVENT_DAYS, WATCH_IMPORT_CHARS_MAX, WATCH_LIMIT, WATCH_MESSAGES } from '../constants';
import { readWatchImport } from '../rules';
import { addWatch, importWatch, removeWatch, setDigest, watchEventsKey, watchListKey } from '../client/api';
import type { WatchEntry, WatchEvent, WatchImportResult } from '../schemas';

import styles from './watch.module.css';

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
const n = (v: number) => v.toLocaleString('ja-JP');

/** /my-page/watch (issue 15): add, import, see changes, remove, and the digest mail setting. */
export function WatchPage() {
  const [page, setPage] = useState(1);
  const list = useApi(watchListKey(page));
  const events = useApi(watchEventsKey());
  // The last successful add or import: the other form then drops its old message (an error about
  // an earlier attempt, or a count the list has since outgrown).
  const [lastSuccess, setLastSuccess] = useState<LastSuccess>({ n: 0, from: null });
  const refresh = async () => {
    await Promise.all([list.mutate(), events.mutate()]);
  };
  const afterSuccess = (from: SuccessSource) => async () => {
    setLastSuccess((v) => ({ n: v.n + 1, from }));
    await refresh();
  };

  if (!list.data) {
    return (
      <ApiPending
        error={list.error}
        failure="ウォッチリストを読み込めませんでした。時間をおいてページを再読み込みしてください。"
        loading="ウォッチリストを読み込んでいます"
      />
    );
  }
  const data = list.data;

  return (
    <div>
      <p className={styles.lead}>
        ウォッチした法人の商号・所在地の変更、閉鎖・合併・復活、インボイス登録の登録・取消・失効を、国税庁の公表データの更新ごとにお知らせします。ウォッチリストはご本人だけが見られます。
      </p>
      {/* Above the list (up to 5,000 cards): the setting must be found without scrolling past them (issue 24). */}
      <DigestSetting on={data.digest} onChanged={refresh} />
      <AddForm onAdded={afterSuccess('add')} lastSuccess={lastSuccess} />
      <ImportForm onImported={afterSuccess('import')} lastSuccess={lastSuccess} />
      <Events data={events.data?.events} error={events.error} />
      <Section
        id="watch-list"
        title={
          <>
            ウォッチリスト（{n(data.total)}社 / 上限{n(WATCH_LIMIT)}社）
          </>
        }
      >
        {data.total === 0 ? (
          <p className={styles.lead}>
            まだウォッチしている法人はありません。上の欄から追加するか、
            <Link href="/search">会社を検索</Link>して法人のページの「この法人をウォッチ」から追加してください。
          </p>
        ) : (
          <>
            <ul className={styles.list} aria-label="ウォッチ中の法人">
              {data.entries.map((e) => (
                <li key={e.corporateNumber}>
                  <EntryCard entry={e} onRemoved={refresh} />
                </li>
              ))}
            </ul>
            {data.totalPages > 1 ? (
              <nav className={styles.pager} aria-label="ページ送り">
                <button type="button" className="button button-secondary" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
                  前へ
                </button>
                <span>
                  {data.page} / {data.totalPages} ページ
                </span>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={data.page >= data.totalPages}
                  onClick={() => setPage(data.page + 1)}
                >
                  次へ
                </button>
              </nav>
            ) : null}
          </>
        )}
      </Section>
    </div>
  );
}

type SuccessSource = 'add' | 'import';
interface LastSuccess {
  n: number;
  from: SuccessSource | null;
}

/**
 * Drops a form's old message once the page's other form has succeeded, so an error about an
 * earlier attempt (or an old count) does not stay beside a list that has since changed.
 */
function useClearedByOther(lastSuccess: LastSuccess, self: SuccessSource, clear: () => void) {
  const [seen, setSeen] = useState(lastSuccess.n);
  if (seen !== lastSuccess.n) {
    setSeen(lastSuccess.n);
    if (lastSuccess.from !== self) clear();
  }
}

function AddForm({ onAdded, lastSuccess }: { onAdded: () => Promise<void>; lastSuccess: LastSuccess }) {
  const [value, setValue] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useClearedByOther(lastSuccess, 'add', () => setStatus(null));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      const res = await addWatch(value);
      setStatus({
        ok: true,
        text: res.added
          ? `${res.name}（法人番号 ${res.corporateNumber}）をウォッチリストに追加しました。`
          : `${res.name}（法人番号 ${res.corporateNumber}）はすでにウォッチしています。`,
      });
      setValue('');
      await onAdded();
    } catch (error) {
      setStatus({ ok: false, text: messageOf(error, '追加できませんでした。時間をおいてもう一度お試しください。') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="watch-add" title="法人を追加する">
      <form onSubmit={submit} noValidate>
        <label htmlFor="watch-add" className={styles.label}>
          法人番号（13桁）または登録番号（T＋13桁）
        </label>
        <div className={styles.addRow}>
          <input
            id="watch-add"
            className="input"
            inputMode="text"
            autoComplete="off"
            value={value}
            maxLength={40}
            onChange={(e) => setValue(e.target.value)}
            aria-describedby={status ? 'watch-add-status' : undefined}
          />
          <button type="submit" className="button" disabled={busy || value.trim() === ''}>
            追加する
          </button>
        </div>
      </form>
      {status ? (
        <p id="watch-add-status" className={status.ok ? 'notice-box' : 'error-box'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </p>
      ) : null}
    </Section>
  );
}

function ImportForm({ onImported, lastSuccess }: { onImported: () => Promise<void>; lastSuccess: LastSuccess }) {
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [result, setResult] = useState<WatchImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useClearedByOther(lastSuccess, 'import', () => {
    setError(null);
    setResult(null);
  });
  const counted = text.trim() === '' ? null : readWatchImport(text);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setError(null);
    setResult(null);
    if (file.size > WATCH_IMPORT_CHARS_MAX * 3) {
      setError(WATCH_MESSAGES.import_too_long);
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = csvFileProblem(bytes);
    if (problem) {
      setError(problem);
      return;
    }
    const { text: decoded } = decodeCsvBytes(bytes);
    setText(decoded);
    setFileName(file.name);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (text.trim() === '') {
      setError(WATCH_MESSAGES.import_empty);
      return;
    }
    if (text.length > WATCH_IMPORT_CHARS_MAX) {
      setError(WATCH_MESSAGES.import_too_long);
      return;
    }
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const res = await importWatch(text);
      setResult(res);
      setText('');
      setFileName(null);
      await onImported();
    } catch (err) {
      setError(messageOf(err, '取り込めませんでした。時間をおいてもう一度お試しください。'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="watch-import" title="まとめて取り込む">
      <p className={styles.lead}>
        取引先一覧の CSV ファイル（UTF-8・Shift_JIS）を選ぶか、法人番号・登録番号を1行に1件ずつ貼り付けてください。CSV
        はどの列に番号があっても読み取ります（1行目の見出しは読み飛ばします）。
      </p>
      <form onSubmit={submit} noValidate>
        <label htmlFor="watch-import-file" className={styles.label}>
          CSV ファイル
        </label>
        <input id="watch-import-file" type="file" accept=".csv,text/csv,text/plain" onChange={onFile} className={styles.fileLabel} />
        {fileName ? <p className={styles.lead}>{fileName} を読み込みました。内容を確認して「取り込む」を押してください。</p> : null}
        <label htmlFor="watch-import-text" className={styles.label} style={{ marginTop: 12 }}>
          法人番号・登録番号の一覧
        </label>
        <textarea
          id="watch-import-text"
          className={styles.textarea}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="watch-import-count"
        />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={busy}>
            取り込む
          </button>
          <span id="watch-import-count" className={styles.lead} aria-live="polite" style={{ margin: 0 }}>
            {counted
              ? `番号 ${n(counted.numbers.length)}件${counted.invalid.length > 0 ? `・読み取れない行 ${n(counted.invalid.length)}件` : ''}`
              : ''}
          </span>
        </div>
      </form>
      {error ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
      {result ? <ImportResult result={result} /> : null}
    </Section>
  );
}

function ImportResult({ result }: { result: WatchImportResult }) {
  return (
    <div className={`notice-box ${styles.result}`} role="status">
      <p>
        {n(result.added)}社を追加しました（ウォッチ中 {n(result.total)}社）。
        {result.already > 0 ? `${n(result.already)}社はすでにウォッチしていました。` : ''}
      </p>
      {result.overLimit > 0 ? (
        <p>
          上限の{n(WATCH_LIMIT)}社を超えるため、{n(result.overLimit)}社は追加していません。
        </p>
      ) : null}
      {result.notFound.length > 0 ? (
        <>
          <p>次の{n(result.notFound.length)}件は該当する法人が見つかりませんでした。</p>
          <ul>
            {result.notFound.slice(0, 20).map((num) => (
              <li key={num}>{num}</li>
            ))}
          </ul>
        </>
      ) : null}
      {result.invalid.length > 0 ? (
        <>
          <p>次の行は読み取れませんでした。</p>
          <ul>
            {result.invalid.slice(0, 20).map((r) => (
              <li key={r.line}>
                {r.line}行目「{r.input}」：{r.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function Events({ data, error }: { data: WatchEvent[] | undefined; error: unknown }) {
  return (
    <Section id="watch-events" title={<>最近の変更（{WATCH_EVENT_DAYS}日間）</>}>
      {error && !data ? (
        <ApiFailure error={error} failure="変更の一覧を読み込めませんでした。時間をおいてページを再読み込みしてください。" />
      ) : !data ? (
        <p className={styles.lead}>読み込んでいます…</p>
      ) : data.length === 0 ? (
        <p className={styles.lead}>ウォッチ中の法人に、この{WATCH_EVENT_DAYS}日間の変更はありません。</p>
      ) : (
        <ul className={styles.events} aria-label="最近の変更">
          {data.map((e) => (
            <li key={e.id} className={styles.event}>
              <div className={styles.eventHead}>
                <strong>{e.label}</strong>
                <Link href={e.path}>{e.name}</Link>
                <span className={styles.eventDate}>{formatIsoDateJa(e.dataDate)} 公表</span>
              </div>
              <p className={styles.eventText}>{e.text}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const invoiceTone = (state: WatchEntry['invoice']['state']) =>
  state === 'valid' ? badges.ok : state === 'expired' || state === 'disposed' ? badges.ng : badges.neutral;

function EntryCard({ entry, onRemoved }: { entry: WatchEntry; onRemoved: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const c = entry.company;
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await removeWatch(entry.corporateNumber);
      await onRemoved();
    } catch (err) {
      setError(messageOf(err, '外せませんでした。時間をおいてもう一度お試しください。'));
      setBusy(false);
    }
  };
  return (
    <article className={styles.card} aria-labelledby={`watch-${entry.corporateNumber}`}>
      <div className={styles.cardHead}>
        <h3 id={`watch-${entry.corporateNumber}`} className={styles.name}>
          {c ? <Link href={entry.path}>{c.name}</Link> : '（公表データにありません）'}
        </h3>
        <span className={styles.number}>法人番号 {entry.corporateNumber}</span>
      </div>
      <div className={badges.badges}>
        {c ? <span className={`${badges.badge} ${c.closed ? badges.ng : badges.ok}`}>{c.closed ? '閉鎖' : '存続'}</span> : null}
        <span className={`${badges.badge} ${styles.invoiceBadge} ${invoiceTone(entry.invoice.state)}`}>
          インボイス：{entry.invoice.label}
        </span>
      </div>
      {c ? (
        <dl className={styles.facts}>
          <dt>所在地</dt>
          <dd>{c.address || '—'}</dd>
          <dt>最終変更</dt>
          <dd>
            {formatIsoDateJa(c.lastChange.date)}　{c.lastChange.label}
          </dd>
          {c.successor ? (
            <>
              <dt>承継先</dt>
              <dd>
                <Link href={c.successor.path}>{c.successor.name ?? `法人番号 ${c.successor.corporateNumber}`}</Link>
                {c.successor.name !== null ? `（法人番号 ${c.successor.corporateNumber}）` : ''}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <button
        type="button"
        className={`button button-secondary ${styles.remove}`}
        onClick={remove}
        disabled={busy}
        aria-label={`${c?.name ?? entry.corporateNumber}をウォッチリストから外す`}
      >
        外す
      </button>
      {error ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
    </article>
  );
}

function DigestSetting({ on, onChanged }: { on: boolean; onChanged: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // The box shows the choice at once, while it is saved (then the list's answer takes over; an error puts it back).
  const [pending, setPending] = useState<boolean | null>(null);
  const toggle = async (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.checked;
    setPending(next);
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      await setDigest(next);
      await onChanged();
      setSaved(next ? WATCH_MESSAGES.digest_on : WATCH_MESSAGES.digest_off);
    } catch (err) {
      setError(messageOf(err, '設定を変更できませんでした。時間をおいてもう一度お試しください。'));
    } finally {
      setPending(null);
      setBusy(false);
    }
  };
  return (
    <Section id="watch-mail" title="お知らせメール">
      <label className={styles.setting}>
        <input type="checkbox" checked={pending ?? on} onChange={toggle} disabled={busy} aria-describedby="watch-mail-status" />
        <span>ウォッチ中の法人の変更を、1日1回までメールで受け取る</span>
      </label>
      {/* One live region, present before it speaks (a region inserted with its text is often not read out). */}
      <div id="watch-mail-status" role="status" className={styles.settingStatus} data-testid="watch-mail-status">
        {saved ? <p className="notice-box">{saved}</p> : null}
      </div>
      {error ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
    </Section>
  );
}

/** One of the page's sections, named by its h2 (aria-labelledby). */
function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
