import { describe, expect, it } from 'vitest';

import { renderMail } from './compose';

describe('renderMail', () => {
  const mail = renderMail({
    kind: 'test',
    subject: '確認コードのお知らせ',
    lead: ['会員登録のお申し込みありがとうございます。'],
    code: '012345',
    action: { label: '再設定する', url: 'http://localhost:3000/a?b=1&c=<2>' },
    notes: ['お心当たりがない場合は、このメールを破棄してください。'],
  });

  it('prefixes the subject with the service name', () => {
    expect(mail.subject).toBe('【hojin】確認コードのお知らせ');
  });

  it('ends the text part with the operator name and contact', () => {
    expect(mail.text).toContain('012345');
    expect(mail.text).toContain('運営：株式会社ホウジン（サンプル）');
    expect(mail.text).toContain('お問い合わせ：support@hojin.example');
    expect(mail.text).toContain('http://localhost:3000/a?b=1&c=<2>');
  });

  it('gives the operator and the phone hours under labels, never nested in a second pair of parentheses', () => {
    expect(mail.text).toContain('電話：03-0000-0000　受付時間：平日 10:00〜17:00（土日祝日・年末年始を除く）');
    expect(mail.text).toContain('hojin　運営：株式会社ホウジン（サンプル）\n');
    expect(mail.text).not.toMatch(/））/);
    expect(mail.html).not.toMatch(/））/);
  });

  it('escapes the HTML part and carries the same content', () => {
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.html).toContain('012345');
    expect(mail.html).toContain('http://localhost:3000/a?b=1&amp;c=&lt;2&gt;');
    expect(mail.html).not.toContain('<2>');
    expect(mail.html).toContain('株式会社ホウジン（サンプル）');
  });
});
