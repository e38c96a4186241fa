/** Small helpers for the emulator's own HTML pages (3-D Secure challenge, demo, index). */

import { escapeHtml } from '@/lib/html';

export function yen(amount: number): string {
  return `${amount.toLocaleString('ja-JP')}円`;
}

const FONT = '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", Meiryo, sans-serif';

export function page(title: string, body: string, extraHead = ''): string {
  return `<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: ${FONT}; margin: 0; background: #f3f5f8; color: #1f2933; line-height: 1.7; }
  main { max-width: 32rem; margin: 2.5rem auto; background: #fff; border: 1px solid #d5dbe3; border-radius: 8px; padding: 1.75rem 1.5rem; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  .note { font-size: .85rem; color: #52606d; background: #fff8e1; border: 1px solid #f0d48a; border-radius: 4px; padding: .5rem .75rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 1rem 0; }
  dt { color: #52606d; }
  dd { margin: 0; font-weight: 600; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.5rem; }
  button, .button { font: inherit; font-size: 1rem; padding: .7rem 1.2rem; border-radius: 6px; border: 1px solid transparent; cursor: pointer; text-decoration: none; display: inline-block; }
  .primary { background: #1a56db; color: #fff; }
  .danger { background: #fff; color: #b42318; border-color: #b42318; }
  .secondary { background: #fff; color: #1f2933; border-color: #9aa5b1; }
  button:focus-visible, .button:focus-visible, a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .error { color: #b42318; font-weight: 600; }
  details { margin-top: 1.25rem; font-size: .9rem; }
  label { display: block; margin-top: .75rem; font-weight: 600; }
  input[type=text], input[type=email], input[type=number] { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem; border: 1px solid #9aa5b1; border-radius: 4px; }
  code { font-size: .85em; }
</style>
${extraHead}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
