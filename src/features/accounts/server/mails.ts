import 'server-only';

import { getSiteInfo } from '@/config/site';
import { renderMail, type RenderedMail } from '@/server/mail';

import { UNREGISTER_DELETED_ITEMS, loginPath } from '../rules';
import { appUrl } from '@/config/server';

/**
 * Every mail of the accounts feature. Links are built from APP_BASE_URL, never from the request's
 * Host header (security.md "Reset links").
 */
export function siteUrl(path: string): string {
  return appUrl(path).toString();
}

const notMe =
  'このメールにお心当たりがない場合は、どなたかが誤ってお客さまのメールアドレスを入力した可能性があります。お手数ですが、このメールを破棄してください。';

export const accountMails = {
  registrationCode(code: string): RenderedMail {
    return renderMail({
      kind: 'registration_code',
      subject: '会員登録の確認コード',
      lead: [
        `${getSiteInfo().serviceName} の会員登録のお申し込みありがとうございます。`,
        '会員登録の画面に、次の確認コード（6桁）を入力してください。',
      ],
      code,
      notes: [
        '確認コードの有効期限は10分です。期限が切れた場合は、画面の「確認コードを再送する」から新しいコードを受け取ってください。',
        notMe,
      ],
    });
  },

  /** `nextPage`: the login link continues where the registration would have (a safe path, else none). */
  registrationExisting(nextPage: string | null): RenderedMail {
    return renderMail({
      kind: 'registration_existing',
      subject: '会員登録のお申し込みについて',
      lead: [
        `このメールアドレスで ${getSiteInfo().serviceName} の会員登録のお申し込みがありましたが、このメールアドレスはすでに会員登録されています。そのため、確認コードはお送りしていません。`,
        'ご登録済みのメールアドレスとパスワード、または Google アカウントでログインしてご利用ください。パスワードをお忘れの場合は、ログイン画面の「パスワードをお忘れの方」から再設定できます。',
      ],
      action: { label: 'ログイン画面を開く', url: siteUrl(loginPath({ nextPage })) },
      notes: [notMe],
    });
  },

  registrationComplete(): RenderedMail {
    return renderMail({
      kind: 'registration_complete',
      subject: '会員登録が完了しました',
      lead: [
        `${getSiteInfo().serviceName} の会員登録が完了しました。ご登録ありがとうございます。`,
        '会社の検索や登記事項証明書のお取り寄せをご利用いただけます。',
      ],
      action: { label: 'サービスを利用する', url: siteUrl('/search') },
      notes: ['このメールにお心当たりがない場合は、お手数ですが下記のお問い合わせ先までご連絡ください。'],
    });
  },

  passwordResetLink(url: string): RenderedMail {
    return renderMail({
      kind: 'password_reset_link',
      subject: 'パスワード再設定のご案内',
      lead: ['パスワード再設定のお申し込みを受け付けました。', '次のリンクを開き、新しいパスワードを設定してください。'],
      action: { label: '新しいパスワードを設定する', url },
      notes: [
        'リンクの有効期限は1時間で、一度だけ使えます。新しくお申し込みいただいた場合は、以前のリンクは使えなくなります。',
        'お申し込みをしていない場合は、このメールを破棄してください。パスワードは変更されません。',
      ],
    });
  },

  passwordResetDone(): RenderedMail {
    return renderMail({
      kind: 'password_reset_done',
      subject: 'パスワードを再設定しました',
      lead: [
        'お客さまのアカウントのパスワードを再設定しました。安全のため、すべての端末でログアウトしています。新しいパスワードでログインしてください。',
      ],
      action: { label: 'ログイン画面を開く', url: siteUrl('/login') },
      notes: [
        'この操作にお心当たりがない場合は、第三者がお客さまのメールアドレスを利用した可能性があります。至急、下記のお問い合わせ先までご連絡ください。',
      ],
    });
  },

  passwordChanged(): RenderedMail {
    return renderMail({
      kind: 'password_changed',
      subject: 'パスワードを変更しました',
      lead: ['マイページから、お客さまのアカウントのパスワードが変更されました。安全のため、ほかの端末ではログアウトしています。'],
      notes: [
        'この操作にお心当たりがない場合は、ログイン画面の「パスワードをお忘れの方」からパスワードを再設定し、下記のお問い合わせ先までご連絡ください。',
      ],
    });
  },

  emailChangeCode(code: string): RenderedMail {
    return renderMail({
      kind: 'email_change_code',
      subject: 'メールアドレス変更の確認コード',
      lead: ['メールアドレスの変更のお申し込みを受け付けました。', 'マイページの画面に、次の確認コード（6桁）を入力してください。'],
      code,
      notes: ['確認コードの有効期限は10分です。', notMe],
    });
  },

  emailChangeInUse(): RenderedMail {
    return renderMail({
      kind: 'email_change_in_use',
      subject: 'メールアドレス変更のお申し込みについて',
      lead: [
        `${getSiteInfo().serviceName} で、このメールアドレスへの変更のお申し込みがありましたが、このメールアドレスはすでに別のアカウントで使われているため、変更できません。確認コードはお送りしていません。`,
      ],
      notes: [notMe],
    });
  },

  emailChangedNotice(newEmail: string): RenderedMail {
    return renderMail({
      kind: 'email_changed_notice',
      subject: 'メールアドレスを変更しました',
      lead: [
        `お客さまのアカウントのメールアドレスを「${maskEmail(newEmail)}」に変更しました。今後のお知らせは新しいメールアドレスにお送りします。`,
      ],
      notes: [
        'この操作にお心当たりがない場合は、第三者がお客さまのアカウントを利用した可能性があります。至急、下記のお問い合わせ先までご連絡ください。',
      ],
    });
  },

  googleLinked(): RenderedMail {
    return renderMail({
      kind: 'google_linked',
      subject: 'Google アカウントとの連携のお知らせ',
      lead: ['お客さまのアカウントに Google アカウントが連携され、Google でログインできるようになりました。'],
      notes: ['この操作にお心当たりがない場合は、下記のお問い合わせ先までご連絡ください。'],
    });
  },

  /** issue 24 §5: many failed logins on the account from many addresses (once a day at most) */
  loginUnderAttack(): RenderedMail {
    return renderMail({
      kind: 'login_under_attack',
      subject: 'お客さまのアカウントへの不審なログインの試行について',
      lead: [
        `${getSiteInfo().serviceName} で、お客さまのアカウントに対し、誤ったパスワードによるログインの試行が多数の接続元から続いています。`,
        'パスワードが破られないよう、これまでにログインしたことのない端末からのログインを一時的に制限しています。いつもお使いの端末からは、これまでどおりログインできます。',
        'ほかの端末からログインできない場合は、パスワードの再設定をご利用ください。',
      ],
      action: { label: 'パスワードを再設定する', url: siteUrl('/password-reset') },
      notes: [
        'ほかのサービスと同じパスワードをお使いの場合は、パスワードの変更をおすすめします。',
        'このお知らせは1日に1回までお送りします。ログインの試行そのものを止めるために、お客さまが操作していただく必要はありません。',
      ],
    });
  },

  unregistered(): RenderedMail {
    return renderMail({
      kind: 'unregistered',
      subject: '退会手続きが完了しました',
      lead: [
        `${getSiteInfo().serviceName} の退会手続きが完了しました。これまでのご利用ありがとうございました。`,
        `${UNREGISTER_DELETED_ITEMS.join('、')}は削除しました。`,
        'ご注文の記録と領収書は、法令に基づき7年間保存します（プライバシーポリシーをご覧ください）。',
      ],
      notes: ['この操作にお心当たりがない場合は、下記のお問い合わせ先までご連絡ください。'],
    });
  },
};

/** t***@example.jp — shown in mails to the old address and on screens. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(2, Math.min(local.length - 1, 6)))}@${domain}`;
}
