/**
 * Where a development or trial stack's mails go instead (the SMTP stand-in's inbox; `mailCatcherUrl`
 * is set only there): a list item under 「メールが届かない場合」. `rest` ends the sentence after the link.
 */
export function MailCatcherNote({ url, rest }: { url: string | null | undefined; rest: string }) {
  return url ? (
    <li>
      開発・お試し環境のため、メールは実際には送信されません。
      <a href={url} target="_blank" rel="noopener noreferrer">
        開発用メール受信箱（新しいタブで開きます）
      </a>
      {rest}
    </li>
  ) : null;
}
