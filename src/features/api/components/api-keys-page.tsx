'use client';

import Link from '@/components/link';
import { useState, type FormEvent } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

import { apiKeysKey, createKey, revokeKey } from '../client/api';
import { PlanSection } from './plan-section';
import { API_KEY_MESSAGES, API_KEY_NAME_MAX } from '../rules';
import type { ApiKeyList, ApiKeySummary, CreatedApiKey } from '../schemas';

import styles from './api.module.css';
import { WebhooksSection } from './webhooks-section';

const n = (v: number) => v.toLocaleString('ja-JP');
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** /my-page/api (issue 26 §3): create, name and revoke API keys; this month's use and the last 30 days as a chart. */
export function ApiKeysPage({ origin, planNotice = null }: { origin: string; planNotice?: string | null }) {
  const list = useApi(apiKeysKey());
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  if (list.error && !list.data) {
    return (
      <p className="error-box" role="alert">
        {messageOf(list.error, 'API キーを読み込めませんでした。時間をおいてページを再読み込みしてください。')}
      </p>
    );
  }
  if (!list.data) return <LoadingOverlay message="API キーを読み込んでいます" />;
  const data = list.data;
  const live = data.keys.filter((k) => k.revokedAt === null);
  const revoked = data.keys.filter((k) => k.revokedAt !== null);

  return (
    <div>
      <p className={styles.lead}>
        hojin API で、プログラムや AI エージェントから法人の検索・照会・インボイス登録の確認ができます。使い方は
        <Link href="/developers">開発者向けページ</Link>を、料金は<Link href="/developers/pricing">料金プラン</Link>をご覧ください。
      </p>
      {data.month && <MonthUse month={data.month} />}
      <PlanSection notice={planNotice} />
      <CreateForm
        onCreated={async (key) => {
          setCreated(key);
          await list.mutate();
        }}
      />
      {created && <CreatedKey created={created} origin={origin} onDone={() => setCreated(null)} />}
      <section className={styles.section} aria-labelledby="api-keys-title">
        <h2 id="api-keys-title" className={styles.sectionTitle}>
          有効なキー（{live.length}件）
        </h2>
        {live.length === 0 ? (
          <p className={styles.empty}>有効なキーはありません。上のフォームから作成してください。</p>
        ) : (
          <ul className={styles.keys}>
            {live.map((k) => (
              <KeyRow key={k.id} apiKey={k} onRevoked={() => void list.mutate()} />
            ))}
          </ul>
        )}
        {revoked.length > 0 && (
          <details className={styles.revoked}>
            <summary>無効にしたキー（{revoked.length}件）</summary>
            <ul className={styles.keys}>
              {revoked.map((k) => (
                <KeyRow key={k.id} apiKey={k} onRevoked={() => undefined} />
              ))}
            </ul>
          </details>
        )}
      </section>
      <UsageChart usage={data.usage} />
      <WebhooksSection />
    </div>
  );
}

function MonthUse({ month }: { month: NonNullable<ApiKeyList['month']> }) {
  const [y, m] = month.month.split('-');
  const ratio = Math.min(1, month.requests / month.quota);
  return (
    <section className={styles.section} aria-labelledby="api-month-title">
      <h2 id="api-month-title" className={styles.sectionTitle}>
        今月の利用（{y}年{Number(m)}月）
      </h2>
      <p className={styles.month}>
        <strong>{n(month.requests)}</strong> / {n(month.quota)} リクエスト
      </p>
      <div
        className={styles.meter}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={month.quota}
        aria-valuenow={month.requests}
        aria-label="今月の利用"
      >
        <span style={{ width: `${ratio * 100}%` }} data-level={ratio >= 1 ? 'full' : ratio >= 0.8 ? 'high' : 'ok'} />
      </div>
      <p className={styles.note}>
        上限に達すると、毎月1日（日本時間）まで API はエラー（429）を返します。80%と100%に達したときにメールでお知らせします。
      </p>
    </section>
  );
}

function CreateForm({ onCreated }: { onCreated: (key: CreatedApiKey) => Promise<void> }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') {
      setError(API_KEY_MESSAGES.name_required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const key = await createKey(name.trim());
      setName('');
      await onCreated(key);
    } catch (err) {
      setError(messageOf(err, 'キーを作成できませんでした。時間をおいてもう一度お試しください。'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="api-create-title">
      <h2 id="api-create-title" className={styles.sectionTitle}>
        キーを作成
      </h2>
      <form onSubmit={submit} noValidate>
        <label htmlFor="api-key-name" className={styles.label}>
          キーの名前（用途がわかる名前。例：会計システム）
        </label>
        <div className={styles.row}>
          <input
            id="api-key-name"
            className="input"
            value={name}
            maxLength={API_KEY_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? 'api-key-name-error' : undefined}
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? '作成しています…' : '作成する'}
          </button>
        </div>
        {error && (
          <p id="api-key-name-error" className="error-box" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

function CreatedKey({ created, origin, onDone }: { created: CreatedApiKey; origin: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const curl = `curl -H "Authorization: Bearer ${created.key}" "${origin}/v1/companies?q=${encodeURIComponent('トヨタ')}"`;
  return (
    <section className={`notice-box ${styles.created}`} aria-labelledby="api-created-title" role="status">
      <h2 id="api-created-title" className={styles.sectionTitle}>
        キー「{created.name}」を作成しました
      </h2>
      <p>
        <strong>このキーは今だけ表示されます。</strong>
        安全な場所に保存してください。再表示はできません（なくした場合は無効にして作り直してください）。
      </p>
      <p className={styles.keyLine}>
        <code data-testid="api-key-value">{created.key}</code>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(created.key).then(() => setCopied(true));
          }}
        >
          {copied ? 'コピーしました' : 'コピー'}
        </button>
      </p>
      <p className={styles.label}>試してみる（curl）</p>
      <pre className={styles.code} data-testid="api-curl">
        {curl}
      </pre>
      <button type="button" className="button button-secondary" onClick={onDone}>
        保存しました
      </button>
    </section>
  );
}

function KeyRow({ apiKey, onRevoked }: { apiKey: ApiKeySummary; onRevoked: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revoke = async () => {
    if (!window.confirm(`キー「${apiKey.name}」を無効にします。このキーを使うプログラムは使えなくなります。よろしいですか？`)) return;
    setBusy(true);
    setError(null);
    try {
      await revokeKey(apiKey.id);
      onRevoked();
    } catch (err) {
      setError(messageOf(err, 'キーを無効にできませんでした。時間をおいてもう一度お試しください。'));
      setBusy(false);
    }
  };
  return (
    <li className={styles.key}>
      <div>
        <p className={styles.keyName}>{apiKey.name}</p>
        <p className={styles.keyMeta}>
          <code>{apiKey.prefix}…</code>・作成 {dateTime(apiKey.createdAt)}・最終利用{' '}
          {apiKey.lastUsedAt ? dateTime(apiKey.lastUsedAt) : 'なし'}
          {apiKey.revokedAt && <>・無効化 {dateTime(apiKey.revokedAt)}</>}
        </p>
        {error && (
          <p className="error-box" role="alert">
            {error}
          </p>
        )}
      </div>
      {apiKey.revokedAt === null && (
        <button type="button" className="button button-secondary" onClick={() => void revoke()} disabled={busy}>
          無効にする
        </button>
      )}
    </li>
  );
}

function UsageChart({ usage }: { usage: ApiKeyList['usage'] }) {
  const max = Math.max(1, ...usage.map((u) => u.requests));
  const total = usage.reduce((s, u) => s + u.requests, 0);
  const w = 10;
  const h = 120;
  return (
    <section className={styles.section} aria-labelledby="api-usage-title">
      <h2 id="api-usage-title" className={styles.sectionTitle}>
        過去{usage.length}日間のリクエスト数（合計 {n(total)}）
      </h2>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${usage.length * w} ${h}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`過去${usage.length}日間のリクエスト数のグラフ。合計${n(total)}件。`}
        data-testid="api-usage-chart"
      >
        {usage.map((u, i) => {
          const bar = Math.round((u.requests / max) * h);
          return (
            <rect
              key={u.day}
              x={i * w + 1}
              y={h - bar}
              width={w - 2}
              height={bar}
              className={styles.bar}
              data-day={u.day}
              data-requests={u.requests}
            >
              <title>{`${u.day}: ${n(u.requests)}件`}</title>
            </rect>
          );
        })}
      </svg>
      <p className={styles.ticks} aria-hidden="true">
        <span>{usage[0]?.day.slice(5).replace('-', '/')}</span>
        <span>最大 {n(total === 0 ? 0 : max)}件/日</span>
        <span>{usage.at(-1)?.day.slice(5).replace('-', '/')}</span>
      </p>
      <p className={styles.note}>集計は数十秒ごとに反映されます（日本時間の日ごと、すべてのキーの合計）。</p>
    </section>
  );
}
