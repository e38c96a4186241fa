import 'server-only';

import { AppError } from '@/server/http/app-error';

import { unregisterBlockedMessage, type UnregisterBlock } from '../rules';

/** The accounts feature's expected failures, with the Japanese text the user sees. */
export const accountErrors = {
  unregisterBlocked: (block: UnregisterBlock) =>
    new AppError('orders_in_progress', { status: 409, message: unregisterBlockedMessage(block) }),
  invalidCredentials: () =>
    new AppError('invalid_credentials', {
      status: 401,
      message: 'メールアドレスまたはパスワードが正しくありません。入力内容をご確認ください。',
    }),
  loginLocked: (wait: string) =>
    new AppError('rate_limited', {
      message: `ログインの失敗が続いたため、一時的にログインを制限しています。${wait}たってからもう一度お試しいただくか、パスワードを再設定してください。`,
    }),
  /** the account-wide ceiling refused a browser the account has not logged in from (issue 24 §5) */
  loginCeiling: (wait: string) =>
    new AppError('rate_limited', {
      message: `このアカウントへのログインの試行が集中しているため、これまでにログインしたことのない端末からのログインを一時的に制限しています。いつもお使いの端末からログインするか、パスワードを再設定してください（再設定のメールはこの端末からも受け取れます）。${wait}たつと制限は解除されます。`,
    }),
  codeWrong: (remaining: number) =>
    new AppError('code_invalid', {
      message: `確認コードが正しくありません。あと${remaining}回入力できます。`,
      fields: { code: `確認コードが正しくありません。メールに記載された6桁の数字をご確認ください（あと${remaining}回）。` },
    }),
  codeLocked: () =>
    new AppError('code_locked', {
      message:
        '確認コードを5回続けて間違えたため、このコードは使えなくなりました。「確認コードを再送する」から新しいコードを受け取ってください。',
      fields: { code: 'このコードは使えなくなりました。新しいコードを受け取ってください。' },
    }),
  codeExpired: () =>
    new AppError('code_expired', {
      message: '確認コードの有効期限（10分）が切れました。「確認コードを再送する」から新しいコードを受け取ってください。',
      fields: { code: '有効期限が切れました。新しいコードを受け取ってください。' },
    }),
  requestExpired: () =>
    new AppError('request_expired', {
      message: 'お申し込みの有効期限が切れたか、すでに手続きが完了しています。お手数ですが、最初からやり直してください。',
    }),
  codeMailFailed: () =>
    new AppError('mail_failed', {
      status: 503,
      message:
        '確認コードのメールを送信できませんでした。お手数ですが、時間をおいてもう一度お試しください。（アカウントはまだ作成されていません）',
    }),
  mailFailed: () =>
    new AppError('mail_failed', {
      status: 503,
      message: 'メールを送信できませんでした。お手数ですが、時間をおいてもう一度お試しください。',
    }),
  emailUnavailable: () =>
    new AppError('conflict', {
      message: 'このメールアドレスは使用できません。別のメールアドレスでもう一度お試しください。',
    }),
  resetLinkInvalid: () =>
    new AppError('reset_link_invalid', {
      message: 'このリンクは無効か、有効期限（1時間）が切れています。お手数ですが、パスワードの再設定をもう一度お申し込みください。',
    }),
  demoForbidden: () =>
    new AppError('demo_forbidden', {
      status: 403,
      message:
        'デモアカウントでは、メールアドレス・パスワードの変更と退会はご利用いただけません。ご自身のアカウントを会員登録してお試しください。',
    }),
  wrongCurrentPassword: () =>
    new AppError('validation_failed', {
      message: '現在のパスワードが正しくありません。',
      fields: { currentPassword: '現在のパスワードが正しくありません。もう一度入力してください。' },
    }),
  currentPasswordRequired: () =>
    new AppError('validation_failed', {
      message: '本人確認のため、現在のパスワードを入力してください。',
      fields: { currentPassword: '現在のパスワードを入力してください。' },
    }),
  reauthRequired: () =>
    new AppError('reauth_required', {
      status: 403,
      message: '安全のため、お手続きの前にもう一度 Google でログインしてください（ログインから10分以内に操作できます）。',
    }),
  noPassword: () =>
    new AppError('no_password', {
      message:
        'このアカウントにはパスワードが設定されていません（Google でログインしています）。パスワードを設定するには、ログイン画面の「パスワードをお忘れの方」から設定してください。',
    }),
};
