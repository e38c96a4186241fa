'use client';

import { useState, type FormEvent } from 'react';

import { ApiError } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  replayWebhookDelivery,
  rotateWebhookSecret,
  webhookDeliveriesKey,
  webhookEndpointsKey,
} from '../client/api';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX, type WebhookEventType } from '../rules';
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '../schemas';

import styles from './api.module.css';

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
const fieldOf = (error: unknown, field: string) => (error instanceof ApiError ? (error.fields[field] ?? error.message) : null);
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
const labelOf = (type: string) => WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? type;

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = { pending: '再送待ち', succeeded: '成功', failed: '停止' };

/** The key page's webhook section (issue 27 §5): endpoints, their secret shown once, the delivery log with replay. */
export function WebhooksSection() {
  const list = useApi(webhookEndpointsKey());
  const [secret, setSecret] = useState<CreatedWebhookEndpoint | null>(null);
  return (
    <section className={styles.section} aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className={styles.sectionTitle}>
        Webhook
      </h2>
      <p className={styles.note}>
        ウォッチリストの会社の変更（商号変更・所在地変更・閉鎖・合併・復活・インボイス登録・取消・失効）や、利用上限のお知らせを、登録した
        URL に POST でお送りします。形式は Standard Webhooks（webhook-id・webhook-timestamp・webhook-signature
        ヘッダー）です。失敗した送信は最長3日間、間隔をあけて再送し、3日間失敗し続けた送信先は停止してメールでお知らせします。
      </p>
      <WebhookForm
        onCreated={async (created) => {
          setSecret(created);
          await list.mutate();
        }}
      />
      {secret && <SecretNotice created={secret} onDone={() => setSecret(null)} />}
      {Boolean(list.error) && !list.data && (
        <p className="error-box" role="alert">
          {messageOf(list.error, '送信先を読み込めませんでした。時間をおいてページを再読み込みしてください。')}
        </p>
      )}
      {list.data && list.data.endpoints.length === 0 && <p className={styles.empty}>登録した送信先はありません。</p>}
      {list.data && list.data.endpoints.length > 0 && (
        <ul className={styles.keys}>
          {list.data.endpoints.map((e) => (
            <EndpointRow key={e.id} endpoint={e} onChanged={() => void list.mutate()} onSecret={setSecret} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WebhookForm({ onCreated }: { onCreated: (created: CreatedWebhookEndpoint) => Promise<void> }) {
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<Set<WebhookEventType>>(new Set(WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith('watch.'))));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (url.trim() === '') return setError(WEBHOOK_MESSAGES.url_required);
    if (types.size === 0) return setError(WEBHOOK_MESSAGES.types_required);
    setBusy(true);
    setError(null);
    try {
      const created = await createWebhookEndpoint({ url: url.trim(), eventTypes: [...types] });
      setUrl('');
      await onCreated(created);
    } catch (err) {
      setError(fieldOf(err, 'url') ?? '送信先を登録できませんでした。時間をおいてもう一度お試しください。');
    } finally {
      setBusy(false);
    }
  };
  const toggle = (t: WebhookEventType) =>
    setTypes((now) => {
      const next = new Set(now);
      if (next.has(t)) next.delete(t);
      else next.add(t);
      return next;
    });
  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="webhook-url" className={styles.label}>
        送信先の URL（https://）
      </label>
      <div className={styles.row}>
        <input
          id="webhook-url"
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://example.com/hojin-webhook"
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? 'webhook-url-error' : undefined}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? '登録しています…' : '登録する'}
        </button>
      </div>
      <fieldset className={styles.types}>
        <legend className={styles.label}>受け取るイベント</legend>
        {WEBHOOK_EVENT_TYPES.map((t) => (
          <label key={t} className={styles.type}>
            <input type="checkbox" checked={types.has(t)} onChange={() => toggle(t)} /> {WEBHOOK_EVENT_LABELS[t]} <code>{t}</code>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id="webhook-url-error" className="error-box" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function SecretNotice({ created, onDone }: { created: CreatedWebhookEndpoint; onDone: () => void }) {
  return (
    <div className={`notice-box ${styles.created}`} role="status">
      <p>
        <strong>署名の秘密鍵は今だけ表示されます。</strong>
        受信側で署名の検証に使います（standardwebhooks ライブラリなど）。なくした場合は「秘密鍵を作り直す」を押してください。
      </p>
      <p className={styles.keyLine}>
        <code data-testid="webhook-secret">{created.secret}</code>
      </p>
      <p className={styles.keyMeta}>送信先：{created.url}</p>
      <button type="button" className="button button-secondary" onClick={onDone}>
        保存しました
      </button>
    </div>
  );
}

function EndpointRow({
  endpoint,
  onChanged,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onChanged: () => void;
  onSecret: (created: CreatedWebhookEndpoint) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (run: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (err) {
      setError(messageOf(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={styles.key}>
      <div className={styles.endpoint}>
        <p className={styles.keyName}>{endpoint.url}</p>
        <p className={styles.keyMeta}>
          {endpoint.eventTypes.map(labelOf).join('・')}
          {endpoint.disabledAt && <strong>・停止中（{dateTime(endpoint.disabledAt)}から）</strong>}
          {!endpoint.disabledAt && endpoint.failingSince && <>・{dateTime(endpoint.failingSince)}から送信に失敗しています</>}
        </p>
        {error && (
          <p className="error-box" role="alert">
            {error}
          </p>
        )}
        <details className={styles.revoked}>
          <summary>配信履歴</summary>
          <DeliveryLog endpointId={endpoint.id} onReplayed={onChanged} />
        </details>
      </div>
      <div className={styles.row}>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() =>
            void act(
              async () => onSecret(await rotateWebhookSecret(endpoint.id)),
              '秘密鍵を作り直せませんでした。時間をおいてもう一度お試しください。',
            )
          }
        >
          秘密鍵を作り直す
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => {
            if (!window.confirm(`送信先 ${endpoint.url} を削除します。配信履歴も消えます。よろしいですか？`)) return;
            void act(async () => {
              await deleteWebhookEndpoint(endpoint.id);
              onChanged();
            }, '送信先を削除できませんでした。時間をおいてもう一度お試しください。');
          }}
        >
          削除する
        </button>
      </div>
    </li>
  );
}

function DeliveryLog({ endpointId, onReplayed }: { endpointId: string; onReplayed: () => void }) {
  const log = useApi(webhookDeliveriesKey(endpointId));
  const [error, setError] = useState<string | null>(null);
  if (log.error && !log.data) return <p className="error-box">{messageOf(log.error, '配信履歴を読み込めませんでした。')}</p>;
  if (!log.data) return <p className={styles.note}>読み込んでいます…</p>;
  if (log.data.deliveries.length === 0) return <p className={styles.empty}>まだ配信はありません。</p>;
  const replay = async (d: WebhookDelivery) => {
    setError(null);
    try {
      await replayWebhookDelivery(endpointId, d.id);
      await log.mutate();
      onReplayed();
    } catch (err) {
      setError(messageOf(err, '再送できませんでした。時間をおいてもう一度お試しください。'));
    }
  };
  return (
    <>
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      <div className={styles.scroll}>
        <table className={styles.table} data-testid="webhook-deliveries">
          <thead>
            <tr>
              <th scope="col">日時</th>
              <th scope="col">イベント</th>
              <th scope="col">結果</th>
              <th scope="col">応答</th>
              <th scope="col">試行</th>
              <th scope="col">
                <span className="visually-hidden">操作</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.deliveries.map((d) => (
              <tr key={d.id}>
                <td>{dateTime(d.lastAttemptAt ?? d.createdAt)}</td>
                <td>{labelOf(d.type)}</td>
                <td>
                  {STATUS_LABELS[d.status]}
                  {d.status === 'pending' && d.nextAttemptAt && d.attempts > 0 && <>（次回 {dateTime(d.nextAttemptAt)}）</>}
                </td>
                <td>{d.responseStatus ?? (d.lastError ? '応答なし' : '—')}</td>
                <td>{d.attempts}</td>
                <td>
                  {d.status !== 'pending' && (
                    <button type="button" className="button button-secondary" onClick={() => void replay(d)}>
                      再送する
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
