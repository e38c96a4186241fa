import { jwtVerify } from 'jose';
import type { PayjpApi, TdsOutcome, TdsTarget } from './api';
import { escapeHtml } from '@/lib/html';
import { page, yen } from './html';

/**
 * The 3-D Secure start endpoint (redirect workflow): `GET /v1/tds/{id}/start?publickey=…&back_url=<JWS>`.
 * `back_url` is a JWS (HS256, signed with the secret key) whose payload is `{"url": "<return URL>"}`;
 * `{id}` is a charge (ch_), a token (tok_) or a three_d_secure_request (tdsr_). In place of the card
 * issuer's page the emulator shows a challenge with 認証成功 / 認証失敗 buttons and a way to give
 * up, then sends the browser back to the URL inside back_url — the merchant then calls tds_finish.
 */

export interface TdsPageConfig {
  publicKey: string;
  secretKey: string;
}

export interface HtmlResponse {
  status: number;
  html: string;
  location?: string;
}

/** Verifies back_url; returns the return URL or a Japanese reason. */
export async function verifyBackUrl(jws: string | null, secretKey: string): Promise<{ url: string } | { error: string }> {
  if (!jws) return { error: 'back_url が指定されていません（このエミュレーターは管理画面で登録する back には対応していません）。' };
  try {
    const { payload } = await jwtVerify(jws, new TextEncoder().encode(secretKey), { algorithms: ['HS256'] });
    const url = payload.url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url) || !URL.canParse(url)) {
      return { error: 'back_url の JWS に有効な url（http または https）が含まれていません。' };
    }
    return { url };
  } catch {
    return { error: 'back_url の署名を検証できませんでした。秘密鍵で HS256 署名した JWS を指定してください。' };
  }
}

function errorPage(message: string, backUrl?: string): HtmlResponse {
  const back = backUrl
    ? `<div class="actions"><a class="button secondary" href="${escapeHtml(backUrl)}">加盟店のページに戻る</a></div>`
    : '';
  return {
    status: 400,
    html: page(
      '3Dセキュア認証を開始できません',
      `<h1>3Dセキュア認証を開始できません</h1><p class="error" role="alert">${escapeHtml(message)}</p>${back}`,
    ),
  };
}

async function resolve(
  api: PayjpApi,
  config: TdsPageConfig,
  id: string,
  publicKey: string | null,
  backUrl: string | null,
): Promise<{ target: TdsTarget; url: string } | HtmlResponse> {
  if (publicKey !== config.publicKey) return errorPage('publickey が正しくありません。加盟店の公開鍵（pk_test_…）を指定してください。');
  const verified = await verifyBackUrl(backUrl, config.secretKey);
  if ('error' in verified) return errorPage(verified.error);
  const target = api.tdsTarget(id);
  if ('error' in target) return errorPage(target.error, verified.url);
  return { target, url: verified.url };
}

export async function tdsStartPage(api: PayjpApi, config: TdsPageConfig, id: string, query: URLSearchParams): Promise<HtmlResponse> {
  const publicKey = query.get('publickey');
  const backUrl = query.get('back_url');
  const resolved = await resolve(api, config, id, publicKey, backUrl);
  if (!('target' in resolved)) return resolved;
  const { target } = resolved;
  api.tdsStarted(target);

  const card = target.kind === 'charge' ? target.record.card : target.kind === 'token' ? target.record.card : undefined;
  const rows: string[] = [];
  if (target.kind === 'charge') rows.push(`<dt>ご利用金額</dt><dd data-testid="tds-amount">${escapeHtml(yen(target.record.amount))}</dd>`);
  else rows.push('<dt>内容</dt><dd>カードの本人認証（お支払いは発生しません）</dd>');
  if (card) rows.push(`<dt>カード</dt><dd>${escapeHtml(card.brand)} •••• ${escapeHtml(card.last4)}</dd>`);
  rows.push(`<dt>受付番号</dt><dd><code>${escapeHtml(id)}</code></dd>`);

  const hidden = `<input type="hidden" name="publickey" value="${escapeHtml(publicKey ?? '')}"><input type="hidden" name="back_url" value="${escapeHtml(backUrl ?? '')}">`;
  const html = page(
    '本人認証（3Dセキュア）',
    `<h1>本人認証（3Dセキュア）</h1>
<p class="note">これは開発用の PAY.JP エミュレーターが表示するテスト画面です。本番ではカード会社の認証画面が表示されます。</p>
<dl>${rows.join('')}</dl>
<p>カード会社での本人認証の結果を選んでください。</p>
<form method="post" action="/v1/tds/${encodeURIComponent(id)}/challenge">
${hidden}
<div class="actions">
  <button class="primary" type="submit" name="result" value="verified">認証成功</button>
  <button class="danger" type="submit" name="result" value="failed">認証失敗</button>
  <button class="secondary" type="submit" name="result" value="abandoned">認証をやめて戻る</button>
</div>
<details>
  <summary>その他の結果</summary>
  <p>カード会社が3Dセキュアに対応していない場合の結果（attempted）を返します。</p>
  <button class="secondary" type="submit" name="result" value="attempted">認証を試行扱いにする（attempted）</button>
</details>
</form>`,
  );
  return { status: 200, html };
}

export async function tdsChallengeSubmit(api: PayjpApi, config: TdsPageConfig, id: string, form: URLSearchParams): Promise<HtmlResponse> {
  const resolved = await resolve(api, config, id, form.get('publickey'), form.get('back_url'));
  if (!('target' in resolved)) return resolved;
  const result = form.get('result');
  const outcomes: readonly TdsOutcome[] = ['verified', 'attempted', 'failed', 'abandoned'];
  const outcome = outcomes.find((o) => o === result);
  if (!outcome) return errorPage('認証結果が正しく送信されませんでした。もう一度お試しください。', resolved.url);
  api.tdsResult(resolved.target, outcome);
  return {
    status: 303,
    location: resolved.url,
    html: page('加盟店のページに戻ります', `<p><a href="${escapeHtml(resolved.url)}">加盟店のページに戻る</a></p>`),
  };
}
