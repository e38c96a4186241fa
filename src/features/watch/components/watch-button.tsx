'use client';

import Link from '@/components/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

import { ApiError } from '@/lib/api-client';
import { isLoggedIn, subscribeAuth } from '@/lib/auth-state';
import { takeWatchIntent, withWatchIntent } from '@/lib/watch-intent';

import { addWatch, fetchWatching, removeWatch } from '../client/watching';

import styles from './watch.module.css';

type State = 'checking' | 'watching' | 'not-watching' | 'expired';

const WATCH_LABEL = 'この法人をウォッチ';
const WATCHING_LABEL = 'ウォッチ中（外す）';

/**
 * The accessible name in a list of results: the visible text first, then the company (WCAG 2.5.3
 * Label in Name: a speech-input user says what they see, 「この法人をウォッチ」; the name used to be
 * 「ソニー株式会社をウォッチ」, which does not contain it). 20 buttons still read apart.
 */
function watchButtonName(visible: string, companyName: string, note?: string): string {
  return `${visible}（${companyName}${note ? `・${note}` : ''}）`;
}

/**
 * 「この法人をウォッチ」 (issue 15 §1) on the record page and in search results: adds the company to
 * the member's watch list, or takes it off again. A visitor who is not logged in is sent to the
 * login page (or on to registration) and back with `?watch=<法人番号>`; back on the page, logged
 * in, the button of that company adds it once and says so (src/lib/watch-intent.ts).
 */
export function WatchButton({
  corporateNumber,
  compact = false,
  companyName,
}: {
  corporateNumber: string;
  compact?: boolean;
  /** In a list of results: names the company for screen readers (20 buttons would read alike). */
  companyName?: string;
}) {
  const loggedIn = useSyncExternalStore<boolean | null>(
    subscribeAuth,
    () => isLoggedIn(),
    () => null,
  );
  const router = useRouter();
  const [state, setState] = useState<State>('checking');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // The intent brought back from the login page is acted on once; its answer then tells the state.
  const intentTaken = useRef(false);

  useEffect(() => {
    if (!loggedIn) return;
    if (!intentTaken.current && takeWatchIntent(corporateNumber)) {
      intentTaken.current = true;
      addWatch(corporateNumber)
        .then((r) => {
          setState('watching');
          setMessage({ ok: true, text: r.added ? 'ウォッチリストに追加しました。' : 'すでにウォッチしています。' });
        })
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 401) setState('expired');
          else setState('not-watching');
          setMessage({
            ok: false,
            text: err instanceof ApiError ? err.message : 'ウォッチリストに追加できませんでした。時間をおいてもう一度お試しください。',
          });
        });
      return;
    }
    // In a list of results (compact) the state is not asked for each company: adding is
    // idempotent, and the answer says whether it was already watched.
    if (intentTaken.current || compact) return;
    let live = true;
    fetchWatching(corporateNumber)
      .then((r) => live && setState(r.watching ? 'watching' : 'not-watching'))
      .catch((err: unknown) => live && setState(err instanceof ApiError && err.status === 401 ? 'expired' : 'not-watching'));
    return () => {
      live = false;
    };
  }, [corporateNumber, loggedIn, compact]);

  if (loggedIn === null) return null;
  if (!loggedIn || state === 'expired') {
    // Only rendered in the browser (the server snapshot is null): the address is known here, and
    // read at the click (the search page writes its query into it as the visitor types). The intent
    // to watch is carried through the login from the record page and from the search results alike:
    // the search page keeps `?watch=` in its address until this company's button takes it.
    const loginHref = () =>
      `/login?nextPage=${encodeURIComponent(withWatchIntent(`${window.location.pathname}${window.location.search}`, corporateNumber))}`;
    const rendered = loginHref();
    return (
      <div>
        <Link
          href={rendered}
          onClick={(event) => {
            // The search changed since this button was drawn: come back to the search as it is now.
            const now = loginHref();
            if (now === rendered) return;
            event.preventDefault();
            router.push(now);
          }}
          className={`button button-secondary ${styles.watchButton}`}
          aria-label={companyName !== undefined ? watchButtonName(WATCH_LABEL, companyName, 'ログインが必要です') : undefined}
        >
          {WATCH_LABEL}
        </Link>
        {compact ? null : <p className={styles.watchNote}>ログインすると、商号・所在地やインボイス登録の変更をメールでお知らせします。</p>}
      </div>
    );
  }

  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    try {
      if (state === 'watching') {
        await removeWatch(corporateNumber);
        setState('not-watching');
        setMessage({ ok: true, text: 'ウォッチリストから外しました。' });
      } else {
        const r = await addWatch(corporateNumber);
        setState('watching');
        setMessage({ ok: true, text: r.added ? 'ウォッチリストに追加しました。' : 'すでにウォッチしています。' });
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setState('expired');
      setMessage({ ok: false, text: err instanceof ApiError ? err.message : '操作できませんでした。時間をおいてもう一度お試しください。' });
    } finally {
      setBusy(false);
    }
  };

  const visible = state === 'watching' ? WATCHING_LABEL : WATCH_LABEL;
  return (
    <div>
      <button
        type="button"
        className={`button ${state === 'watching' ? 'button-secondary' : ''} ${styles.watchButton}`}
        onClick={toggle}
        disabled={busy || (state === 'checking' && !compact)}
        aria-pressed={state === 'watching'}
        aria-label={companyName !== undefined ? watchButtonName(visible, companyName) : undefined}
      >
        {visible}
      </button>
      {message ? (
        <p className={message.ok ? styles.watchNote : 'error-box'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
          {message.ok && state === 'watching' && !compact ? (
            <>
              {' '}
              <Link href="/my-page/watch">ウォッチリストを見る</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
