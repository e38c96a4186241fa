import { escapeHtml } from '@/lib/html';
import type { MailAddress, StoredMail } from './mail-store';

const dateFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const formatAddresses = (list: MailAddress[]) => list.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', ');

/** Recipients as a person reads them: the To header, else the envelope (Bcc-only mails). */
const recipients = (mail: StoredMail) => (mail.to.length > 0 ? formatAddresses(mail.to) : mail.envelope.to.join(', '));

/** Escapes plain text and turns http(s) URLs into links, so a reset link can be opened in one click. */
export function linkifyText(text: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'「」（）]+/g)) {
    const url = match[0].replace(/[.,、。)]+$/, '');
    const start = match.index;
    parts.push(escapeHtml(text.slice(last, start)));
    parts.push(`<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>`);
    last = start + url.length;
  }
  parts.push(escapeHtml(text.slice(last)));
  return parts.join('');
}

const STYLE = `
  :root { color-scheme: light; font-family: "Noto Sans JP", "Hiragino Sans", "Yu Gothic", sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #1f2328; }
  header { background: #1f3b5c; color: #fff; padding: 12px 24px; display: flex; align-items: center; gap: 16px; }
  header h1 { font-size: 18px; margin: 0; flex: 1; }
  header a { color: #fff; }
  main { max-width: 1080px; margin: 0 auto; padding: 16px 24px 48px; }
  .note { font-size: 14px; color: #57606a; margin: 8px 0 16px; }
  table { width: 100%; border-collapse: collapse; background: #fff; font-size: 14px; }
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid #d8dee4; vertical-align: top; }
  th { background: #eaeef2; font-weight: 600; white-space: nowrap; }
  td.date { white-space: nowrap; color: #57606a; }
  tr:hover td { background: #f6f8fa; }
  a { color: #0a58ca; }
  .empty { background: #fff; padding: 32px; text-align: center; color: #57606a; }
  dl { display: grid; grid-template-columns: 8em 1fr; gap: 4px 12px; background: #fff; padding: 12px 16px; margin: 0 0 16px; font-size: 14px; }
  dt { color: #57606a; }
  dd { margin: 0; word-break: break-all; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
  pre { background: #fff; padding: 16px; white-space: pre-wrap; word-break: break-all; font-size: 14px; line-height: 1.7; margin: 0; }
  iframe { width: 100%; height: 70vh; border: 1px solid #d8dee4; background: #fff; }
  form { margin: 0; }
  button { font: inherit; padding: 4px 12px; cursor: pointer; }
`;

function layout(title: string, body: string, nonce: string, options: { refreshSeconds?: number } = {}): string {
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : '';
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh}
<title>${escapeHtml(title)} | 開発用メール受信箱</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<header><h1><a href="/">開発用メール受信箱</a></h1>
<form method="post" action="/clear"><button type="submit">すべて削除</button></form>
</header>
<main>
${body}
</main>
</body>
</html>`;
}

export function renderListPage(mails: StoredMail[], nonce: string): string {
  const intro = `<p class="note">開発環境で送信されたメールはすべてここに届き、外部には配送されません。新しいものが上に表示され、5秒ごとに自動で更新されます。</p>`;
  if (mails.length === 0) {
    return layout('受信メール一覧', `${intro}<div class="empty">まだメールは届いていません。</div>`, nonce, {
      refreshSeconds: 5,
    });
  }
  const rows = mails
    .map(
      (mail) => `<tr>
<td class="date">${escapeHtml(formatDate(mail.receivedAt))}</td>
<td>${escapeHtml(recipients(mail))}</td>
<td><a href="/messages/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject || '（件名なし）')}</a></td>
</tr>`,
    )
    .join('\n');
  return layout(
    '受信メール一覧',
    `${intro}<p class="note">${mails.length} 件</p><table>
<thead><tr><th scope="col">受信日時</th><th scope="col">宛先</th><th scope="col">件名</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
    nonce,
    { refreshSeconds: 5 },
  );
}

export function renderMessagePage(mail: StoredMail, nonce: string): string {
  const id = encodeURIComponent(mail.id);
  const htmlPart = mail.html
    ? `<h2>HTML 版</h2>
<p class="note">HTML はスクリプト・フォーム・外部読み込みを無効にした領域で表示しています。リンクは新しいタブで開きます。</p>
<iframe title="HTML 版の本文" src="/messages/${id}/html" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer"></iframe>`
    : `<p class="note">このメールには HTML 版がありません（テキストのみ）。</p>`;
  const attachments =
    mail.attachments.length > 0
      ? `<dt>添付ファイル</dt><dd>${mail.attachments
          .map((a) => `${escapeHtml(a.filename ?? '（名前なし）')}（${escapeHtml(a.contentType)}、${a.size} バイト）`)
          .join('<br>')}</dd>`
      : '';
  return layout(
    mail.subject || '（件名なし）',
    `<p><a href="/">← 受信メール一覧に戻る</a></p>
<dl>
<dt>件名</dt><dd>${escapeHtml(mail.subject || '（件名なし）')}</dd>
<dt>差出人</dt><dd>${escapeHtml(formatAddresses(mail.from))}</dd>
<dt>宛先</dt><dd>${escapeHtml(recipients(mail))}</dd>
${mail.cc.length > 0 ? `<dt>Cc</dt><dd>${escapeHtml(formatAddresses(mail.cc))}</dd>` : ''}
<dt>受信日時</dt><dd>${escapeHtml(formatDate(mail.receivedAt))}</dd>
${attachments}
<dt>元のメール</dt><dd><a href="/messages/${id}/raw">ソースを表示</a></dd>
</dl>
<h2>テキスト版</h2>
<pre>${mail.text ? linkifyText(mail.text) : '（テキスト版はありません）'}</pre>
${htmlPart}`,
    nonce,
  );
}

export function renderNotFoundPage(nonce: string): string {
  return layout(
    'メールが見つかりません',
    `<p>お探しのメールは見つかりませんでした。削除されたか、保存件数の上限を超えて古いものから消えた可能性があります。</p><p><a href="/">受信メール一覧に戻る</a></p>`,
    nonce,
  );
}

/**
 * The mail's own HTML, served on its own URL with a CSP `sandbox` (see http-handler.ts). A
 * `<base target="_blank">` makes links open in a new tab: inside the frame they would be blocked
 * by the site's `frame-ancestors 'none'`.
 */
export function wrapMailHtml(html: string): string {
  return `<!doctype html><meta charset="utf-8"><base target="_blank">${html}`;
}
