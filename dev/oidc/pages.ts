import { escapeHtml } from '@/lib/html';
import { PRESET_ACCOUNTS } from './accounts';

const STYLE = `
  :root { color-scheme: light; font-family: "Noto Sans JP", "Hiragino Sans", "Yu Gothic", Roboto, sans-serif; }
  body { margin: 0; background: #f0f4f9; color: #1f1f1f; }
  main { max-width: 460px; margin: 48px auto; background: #fff; border-radius: 24px; padding: 36px 40px 28px; }
  .brand { font-size: 22px; font-weight: 500; letter-spacing: .5px; }
  .brand .b { color: #4285f4; } .brand .r { color: #ea4335; } .brand .y { color: #fbbc05; } .brand .g { color: #34a853; }
  .dev { display: inline-block; margin-left: 8px; font-size: 12px; background: #fde293; color: #5f4b00; border-radius: 4px; padding: 1px 6px; vertical-align: middle; }
  h1 { font-size: 24px; font-weight: 400; margin: 16px 0 4px; }
  .sub { color: #444746; margin: 0 0 24px; font-size: 14px; }
  ul { list-style: none; margin: 0 0 16px; padding: 0; border-top: 1px solid #e3e3e3; }
  li { border-bottom: 1px solid #e3e3e3; }
  .account { display: flex; gap: 12px; align-items: center; width: 100%; padding: 12px 8px; background: none; border: 0; text-align: left; font: inherit; cursor: pointer; }
  .account:hover, .account:focus { background: #f3f6fc; }
  .avatar { width: 32px; height: 32px; border-radius: 50%; background: #0b57d0; color: #fff; display: flex; align-items: center; justify-content: center; font-size: 14px; flex: none; }
  .who { display: flex; flex-direction: column; }
  .who small { color: #444746; }
  fieldset { border: 1px solid #e3e3e3; border-radius: 8px; margin: 0 0 16px; padding: 8px 12px 12px; font-size: 14px; }
  legend { padding: 0 4px; color: #444746; }
  label.radio { display: block; margin-top: 4px; }
  .other { border: 1px solid #e3e3e3; border-radius: 8px; padding: 12px; margin-bottom: 16px; }
  .other h2 { font-size: 15px; font-weight: 500; margin: 0 0 8px; }
  .field { margin-bottom: 10px; }
  .field label { display: block; font-size: 13px; color: #444746; margin-bottom: 2px; }
  .field input { width: 100%; box-sizing: border-box; font: inherit; padding: 8px 10px; border: 1px solid #747775; border-radius: 4px; }
  .error { color: #b3261e; font-size: 13px; margin: 4px 0 0; }
  .primary { background: #0b57d0; color: #fff; border: 0; border-radius: 20px; padding: 8px 20px; font: inherit; cursor: pointer; }
  .secondary { background: none; color: #0b57d0; border: 0; padding: 8px 4px; font: inherit; cursor: pointer; }
  .note { font-size: 12px; color: #444746; margin-top: 20px; line-height: 1.6; }
  code { font-size: 12px; }
`;

function layout(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<div class="brand"><span class="b">G</span><span class="r">o</span><span class="y">o</span><span class="b">g</span><span class="g">l</span><span class="r">e</span><span class="dev">開発用</span></div>
${body}
</main>
</body>
</html>`;
}

export type LoginPageModel = {
  uid: string;
  clientId: string;
  /** Host of the redirect URI: where the person goes after choosing. */
  returnHost: string;
  email: string;
  name: string;
  emailVerified: boolean;
  errors: { email?: string; name?: string; account?: string };
};

export function renderLoginPage(model: LoginPageModel, nonce: string): string {
  const uid = encodeURIComponent(model.uid);
  const presets = PRESET_ACCOUNTS.map(
    (a) => `<li><button class="account" type="submit" name="account" value="${escapeHtml(a.key)}">
<span class="avatar" aria-hidden="true">${escapeHtml(a.name.slice(0, 1))}</span>
<span class="who"><span>${escapeHtml(a.name)}</span><small>${escapeHtml(a.email)}</small></span>
</button></li>`,
  ).join('\n');
  const err = (message: string | undefined, id: string) => (message ? `<p class="error" id="${id}">${escapeHtml(message)}</p>` : '');
  return layout(
    'Google アカウントでログイン（開発用）',
    `<h1>Google アカウントでログイン（開発用）</h1>
<p class="sub">アカウントを選ぶと <strong>${escapeHtml(model.returnHost)}</strong>（${escapeHtml(model.clientId)}）に戻ります。</p>
<form method="post" action="/interaction/${uid}/login" novalidate>
${err(model.errors.account, 'account-error')}
<ul aria-label="テスト用アカウント">
${presets}
</ul>
<fieldset>
<legend>メールアドレスの確認状態（email_verified）</legend>
<label class="radio"><input type="radio" name="email_verified" value="true"${model.emailVerified ? ' checked' : ''}> 確認済み（true）</label>
<label class="radio"><input type="radio" name="email_verified" value="false"${model.emailVerified ? '' : ' checked'}> 未確認（false）</label>
</fieldset>
<div class="other">
<h2>別のアカウントを使用</h2>
<div class="field">
<label for="email">メールアドレス</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(model.email)}"${model.errors.email ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${err(model.errors.email, 'email-error')}
</div>
<div class="field">
<label for="name">名前（省略可）</label>
<input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(model.name)}"${model.errors.name ? ' aria-invalid="true" aria-describedby="name-error"' : ''}>
${err(model.errors.name, 'name-error')}
</div>
<button class="primary" type="submit" name="account" value="custom">このアカウントでログイン</button>
</div>
</form>
<form method="post" action="/interaction/${uid}/abort"><button class="secondary" type="submit">キャンセル</button></form>
<p class="note">これは開発・テスト用の OpenID プロバイダーです。本物の Google には接続せず、パスワードも確認しません。同じメールアドレスには毎回同じ利用者 ID（sub）が発行されます。</p>`,
    nonce,
  );
}

export function renderErrorPage(details: { error: string; description?: string | undefined }, nonce: string): string {
  return layout(
    'エラー | Google アカウントでログイン（開発用）',
    `<h1>ログインを続けられませんでした</h1>
<p class="sub">認可リクエストに問題があります。ログインを始めたページに戻って、もう一度お試しください。</p>
<p><code>${escapeHtml(details.error)}</code>${details.description ? `: <code>${escapeHtml(details.description)}</code>` : ''}</p>`,
    nonce,
  );
}

export function renderIndexPage(issuer: string, nonce: string): string {
  return layout(
    '開発用 OpenID プロバイダー',
    `<h1>開発用 OpenID プロバイダー</h1>
<p class="sub">Google ログインの代わりにローカルで動く OpenID Connect プロバイダーです。</p>
<p>ディスカバリー文書: <a href="/.well-known/openid-configuration"><code>${escapeHtml(issuer)}/.well-known/openid-configuration</code></a></p>`,
    nonce,
  );
}
