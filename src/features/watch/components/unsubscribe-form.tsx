'use client';

import Link from '@/components/link';
import { useState } from 'react';

import { ApiError } from '@/lib/api-client';

import { unsubscribe } from '../client/api';
import { WATCH_MESSAGES } from '../constants';

/**
 * The digest mail's unsubscribe link lands here (issue 15 §2): no login needed, and nothing
 * changes until the button is pressed (a GET never changes state; mail scanners open links).
 */
export function UnsubscribeForm({ user, token }: { user: string; token: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setState('busy');
    setError(null);
    try {
      await unsubscribe(user, token);
      setState('done');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '配信を停止できませんでした。時間をおいてもう一度お試しください。');
      setState('idle');
    }
  };
  if (state === 'done') {
    return (
      <div className="notice-box" role="status">
        <p>ウォッチリストのお知らせメールの配信を停止しました。</p>
        <p>
          再開するには、ログインしてマイページの<Link href="/my-page/watch">ウォッチリスト</Link>で設定してください。
        </p>
      </div>
    );
  }
  return (
    <div>
      <p>ウォッチ中の法人の変更をお知らせするメール（1日1回まで）の配信を停止します。ウォッチリストはそのまま残ります。</p>
      {error ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
      <p>
        <button type="button" className="button" onClick={submit} disabled={state === 'busy'}>
          配信を停止する
        </button>
      </p>
    </div>
  );
}

export const UNSUBSCRIBE_INVALID = WATCH_MESSAGES.unsubscribe_invalid;
