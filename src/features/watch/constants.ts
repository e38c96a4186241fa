/**
 * Watching companies (issue 15, docs/decisions/0028): the limits, the event kinds and their
 * Japanese labels, and the messages — zod-free, so the watch page and the record page's button
 * import them without zod (docs/decisions/0021).
 */

import { groupDigits } from '@/lib/digits';

/** Most companies one member may watch. */
export const WATCH_LIMIT = 5000;
/** Days the watch page lists events. */
export const WATCH_EVENT_DAYS = 90;
/** Companies a page of the watch list shows. */
export const WATCH_PAGE_SIZE = 50;
/** Most characters one import takes (5,000 T-numbers with separators fit well within it). */
export const WATCH_IMPORT_CHARS_MAX = 200_000;

export const WATCH_EVENT_KINDS = [
  'name',
  'address',
  'closed',
  'merged',
  'revived',
  'invoice_registered',
  'invoice_revoked',
  'invoice_expired',
] as const;
export type WatchEventKind = (typeof WATCH_EVENT_KINDS)[number];

export const WATCH_EVENT_LABELS: Record<WatchEventKind, string> = {
  name: '商号変更',
  address: '所在地変更',
  closed: '閉鎖',
  merged: '合併による解散',
  revived: '復活（閉鎖の取消し）',
  invoice_registered: 'インボイス登録',
  invoice_revoked: 'インボイス登録の取消',
  invoice_expired: 'インボイス登録の失効',
};

/** What one event says, in a sentence (the page and the mail share it). */
export interface WatchEventDetail {
  before?: string;
  after?: string;
  closeDate?: string;
  cause?: string;
  successorNumber?: string;
  successorName?: string;
  date?: string;
}

export function describeWatchEvent(kind: WatchEventKind, d: WatchEventDetail): string {
  switch (kind) {
    case 'name':
      return `商号が「${d.before ?? ''}」から「${d.after ?? ''}」に変わりました。`;
    case 'address':
      return `所在地が「${d.before ?? ''}」から「${d.after ?? ''}」に変わりました。`;
    case 'closed':
      return `登記記録が閉鎖されました（${d.closeDate ?? '日付不明'}${d.cause ? `、事由：${d.cause}` : ''}）。`;
    case 'merged':
      return `合併により解散しました（${d.closeDate ?? '日付不明'}${
        d.successorNumber ? `、承継先：${d.successorName ? `${d.successorName}・` : ''}法人番号 ${d.successorNumber}` : ''
      }）。`;
    case 'revived':
      return '登記記録の閉鎖等が取り消されました。';
    case 'invoice_registered':
      return `適格請求書発行事業者に登録されました（登録年月日 ${d.date ?? '不明'}）。`;
    case 'invoice_revoked':
      return `適格請求書発行事業者の登録が取り消されました（取消年月日 ${d.date ?? '不明'}）。`;
    case 'invoice_expired':
      return `適格請求書発行事業者の登録が失効しました（失効年月日 ${d.date ?? '不明'}）。`;
  }
}

export const WATCH_MESSAGES = {
  // said once the mail setting is saved (the checkbox alone changed silently: issue 24)
  digest_on: 'お知らせメールを受け取る設定にしました。',
  digest_off: 'お知らせメールを停止しました。ウォッチリストはそのまま残ります。',
  limit: `ウォッチできるのは1会員あたり${groupDigits(WATCH_LIMIT)}社までです。不要な法人を外してから追加してください。`,
  not_found: 'この法人番号の法人は見つかりませんでした。番号をご確認ください。',
  import_empty: '法人番号（13桁）または登録番号（T＋13桁）を1行に1件ずつ入力するか、CSV ファイルを選んでください。',
  import_too_long: `一度に取り込めるのは${groupDigits(WATCH_IMPORT_CHARS_MAX)}文字までです。分けて取り込んでください。`,
  not_a_number: '法人番号（13桁）または登録番号（T＋13桁）ではありません。',
  unsubscribe_invalid: '配信停止のリンクが正しくありません。メールに記載のリンクをそのまま開いてください。',
  one_click_body: 'ワンクリック配信停止（RFC 8058）の形式ではありません。本文は List-Unsubscribe=One-Click としてください。',
  one_click_type: 'ワンクリック配信停止は application/x-www-form-urlencoded または multipart/form-data で送ってください。',
} as const;
