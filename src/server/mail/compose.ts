import 'server-only';

import { getSiteInfo } from '@/config/site';
import { escapeHtml } from '@/lib/html';

/**
 * The frame of every mail the service sends: a Japanese text part and an equivalent HTML part,
 * both ending with the operator's name and contact (from getSiteInfo(), the same allow-list the
 * footer shows). Features write only the content.
 */
export interface MailContent {
  /** a short identifier for logs (never shown) */
  kind: string;
  subject: string;
  /** opening paragraphs */
  lead: string[];
  /** a code shown large (e-mail confirmation codes) */
  code?: string;
  /** one button/link */
  action?: { label: string; url: string };
  /** paragraphs after the code or link */
  notes?: string[];
}

export interface RenderedMail {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

const RULE = '────────────────────────────';

export function renderMail(content: MailContent): RenderedMail {
  const site = getSiteInfo();
  const { operator } = site;
  const subject = `【${site.serviceName}】${content.subject}`;
  // The operator's name and hours may carry their own parentheses (株式会社…（サンプル）, 平日 10:00〜17:00
  // （土日祝日・年末年始を除く）): each under a label, never inside a second pair of parentheses.
  const footerLines = [
    `${site.serviceName}　運営：${operator.name}`,
    site.siteUrl,
    `お問い合わせ：${operator.supportEmail}`,
    `電話：${operator.phone}　受付時間：${operator.supportHours}`,
    `〒${operator.postcode} ${operator.address}`,
  ];
  const sendOnly =
    'このメールは送信専用のアドレスからお送りしています。ご返信いただいてもお答えできませんので、ご不明な点は上記のお問い合わせ先までご連絡ください。';

  const text = [
    ...content.lead.flatMap((p) => [p, '']),
    ...(content.code ? ['確認コード', `　${content.code}`, ''] : []),
    ...(content.action ? [content.action.label, content.action.url, ''] : []),
    ...(content.notes ?? []).flatMap((p) => [p, '']),
    RULE,
    ...footerLines,
    '',
    sendOnly,
    RULE,
    '',
  ].join('\n');

  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.8">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:'Hiragino Sans','Hiragino Kaku Gothic ProN','Noto Sans JP',Meiryo,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #d5dde6;border-radius:8px">
<tr><td style="padding:16px 24px;background:#1d4f91;border-radius:8px 8px 0 0;color:#ffffff;font-weight:bold;font-size:18px">${escapeHtml(site.serviceName)}</td></tr>
<tr><td style="padding:24px;font-size:15px">
${content.lead.map(p).join('\n')}
${content.code ? `<p style="margin:0 0 8px;font-size:14px;color:#5b6875">確認コード</p><p style="margin:0 0 20px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:Menlo,Consolas,monospace">${escapeHtml(content.code)}</p>` : ''}
${content.action ? `<p style="margin:0 0 20px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;background:#1d4f91;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#5b6875;word-break:break-all">ボタンが使えない場合は、次の URL をブラウザに貼り付けてください。<br>${escapeHtml(content.action.url)}</p>` : ''}
${(content.notes ?? []).map(p).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #d5dde6;font-size:12px;color:#5b6875;line-height:1.7">
${footerLines.map(escapeHtml).join('<br>')}
<br><br>${escapeHtml(sendOnly)}
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { kind: content.kind, subject, text, html };
}
