import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

const AddressSchema = z.object({ address: z.string(), name: z.string() });
const MessageSchema = z.object({
  id: z.string(),
  seq: z.number(),
  receivedAt: z.string(),
  envelope: z.object({ from: z.string().nullable(), to: z.array(z.string()) }),
  from: z.array(AddressSchema),
  to: z.array(AddressSchema),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});
const OneSchema = z.object({ message: MessageSchema });
const ListSchema = z.object({ messages: z.array(MessageSchema) });

let catcher: MailCatcher;
const transport = () =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: catcher.smtpPort,
    secure: false,
    ignoreTLS: true,
  });

async function getJson<T>(schema: z.ZodType<T>, pathAndQuery: string): Promise<T> {
  const res = await fetch(`${catcher.httpUrl}${pathAndQuery}`);
  expect(res.status).toBe(200);
  return schema.parse(await res.json());
}

/**
 * ISO-2022-JP for kana, the long-vowel mark and ASCII: enough to build a message the way older
 * Japanese mailers do, without depending on an encoder library. JIS X 0208 row 4 is hiragana and
 * row 5 katakana, in Unicode order.
 */
function iso2022jp(text: string): Buffer {
  const bytes: number[] = [];
  let inJis = false;
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    let jis: number | null = null;
    if (cp >= 0x3041 && cp <= 0x3093) jis = 0x2421 + (cp - 0x3041);
    else if (cp >= 0x30a1 && cp <= 0x30f6) jis = 0x2521 + (cp - 0x30a1);
    else if (cp === 0x30fc) jis = 0x213c;
    else if (cp === 0x3002) jis = 0x2123;
    if (jis !== null) {
      if (!inJis) bytes.push(0x1b, 0x24, 0x42);
      inJis = true;
      bytes.push(jis >> 8, jis & 0xff);
    } else {
      if (cp > 0x7f) throw new Error(`not covered by this test encoder: ${char}`);
      if (inJis) bytes.push(0x1b, 0x28, 0x42);
      inJis = false;
      bytes.push(cp);
    }
  }
  if (inJis) bytes.push(0x1b, 0x28, 0x42);
  return Buffer.from(bytes);
}

beforeEach(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
});
afterEach(async () => {
  await catcher.close();
});

describe('mail catcher', () => {
  it('reports the ports it actually bound when asked for port 0', () => {
    expect(catcher.smtpPort).toBeGreaterThan(0);
    expect(catcher.httpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(catcher.httpUrl).not.toMatch(/:0$/);
  });

  it('stores a Japanese UTF-8 mail sent with nodemailer and returns it through the API', async () => {
    await transport().sendMail({
      from: '"hojin サポート" <no-reply@hojin.example>',
      to: '"山田 花子" <hanako@example.jp>',
      subject: '【hojin】認証コードのお知らせ',
      text: '山田様\n\n認証コードは 123456 です。10分以内に入力してください。',
      html: '<p>山田様</p><p>認証コードは <strong>123456</strong> です。</p>',
    });

    const { messages } = await getJson(ListSchema, '/api/messages?to=hanako@example.jp');
    expect(messages).toHaveLength(1);
    const mail = messages[0]!;
    expect(mail.subject).toBe('【hojin】認証コードのお知らせ');
    expect(mail.text).toContain('認証コードは 123456 です。');
    expect(mail.html).toContain('<strong>123456</strong>');
    expect(mail.from).toEqual([{ address: 'no-reply@hojin.example', name: 'hojin サポート' }]);
    expect(mail.to).toEqual([{ address: 'hanako@example.jp', name: '山田 花子' }]);
    expect(mail.envelope).toEqual({
      from: 'no-reply@hojin.example',
      to: ['hanako@example.jp'],
    });

    const one = await getJson(OneSchema, `/api/messages/${mail.id}`);
    expect(one.message.id).toBe(mail.id);
    expect(one.message.subject).toBe(mail.subject);
  });

  it('decodes an ISO-2022-JP subject and body', async () => {
    const subject = `=?ISO-2022-JP?B?${iso2022jp('パスワードさいせっていのごあんない').toString('base64')}?=`;
    const raw = Buffer.concat([
      Buffer.from(
        [
          'From: sender@example.jp',
          'To: jis@example.jp',
          `Subject: ${subject}`,
          'MIME-Version: 1.0',
          'Content-Type: text/plain; charset=ISO-2022-JP',
          'Content-Transfer-Encoding: 7bit',
          '',
          '',
        ].join('\r\n'),
      ),
      iso2022jp('こちらのリンクからせっていしてください。\r\n'),
    ]);
    await transport().sendMail({
      envelope: { from: 'sender@example.jp', to: ['jis@example.jp'] },
      raw,
    });

    const { messages } = await getJson(ListSchema, '/api/messages?to=jis@example.jp');
    expect(messages[0]?.subject).toBe('パスワードさいせっていのごあんない');
    expect(messages[0]?.text.trim()).toBe('こちらのリンクからせっていしてください。');
  });

  it('lists newest first, filters by recipient ignoring case, and empties on DELETE', async () => {
    const t = transport();
    await t.sendMail({
      from: 'a@hojin.example',
      to: 'one@example.jp',
      subject: '1通目',
      text: 'a',
    });
    await t.sendMail({
      from: 'a@hojin.example',
      to: 'two@example.jp',
      subject: '2通目',
      text: 'b',
    });
    await t.sendMail({
      from: 'a@hojin.example',
      to: 'One@Example.jp',
      subject: '3通目',
      text: 'c',
    });

    const all = await getJson(ListSchema, '/api/messages');
    expect(all.messages.map((m) => m.subject)).toEqual(['3通目', '2通目', '1通目']);
    const one = await getJson(ListSchema, '/api/messages?to=ONE@example.jp');
    expect(one.messages.map((m) => m.subject)).toEqual(['3通目', '1通目']);

    const del = await fetch(`${catcher.httpUrl}/api/messages`, {
      method: 'DELETE',
    });
    expect(await del.json()).toEqual({ deleted: 3 });
    expect((await getJson(ListSchema, '/api/messages')).messages).toEqual([]);
  });

  it('delivers to Bcc recipients, who appear only in the envelope', async () => {
    await transport().sendMail({
      from: 'a@hojin.example',
      to: 'visible@example.jp',
      bcc: 'hidden@example.jp',
      subject: 'bcc',
      text: 'x',
    });
    const { messages } = await getJson(ListSchema, '/api/messages?to=hidden@example.jp');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.to.map((a) => a.address)).toEqual(['visible@example.jp']);
  });

  it('answers 404 for an unknown message id', async () => {
    const res = await fetch(`${catcher.httpUrl}/api/messages/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('rejects unknown query parameters with a Japanese 400 error', async () => {
    const res = await fetch(`${catcher.httpUrl}/api/messages?recipient=x@example.jp`);
    expect(res.status).toBe(400);
    const body = z.object({ error: z.object({ code: z.string(), message: z.string() }) }).parse(await res.json());
    expect(body.error.code).toBe('invalid_query');
    expect(body.error.message).toMatch(/正しくありません/);
  });
});

describe('wait endpoint', () => {
  it('answers as soon as a mail to the address arrives', async () => {
    const waiting = fetch(`${catcher.httpUrl}/api/messages/wait?to=wait@example.jp&timeoutMs=15000`);
    // Another recipient's mail must not end the wait.
    await transport().sendMail({
      from: 'a@hojin.example',
      to: 'other@example.jp',
      subject: '別の人',
      text: 'x',
    });
    await transport().sendMail({
      from: 'a@hojin.example',
      to: 'wait@example.jp',
      subject: 'ご本人確認',
      text: 'コード 654321',
    });
    const res = await waiting;
    expect(res.status).toBe(200);
    const { message } = OneSchema.parse(await res.json());
    expect(message.subject).toBe('ご本人確認');
    expect(message.text).toContain('654321');
  });

  it('returns an already received mail at once when no cursor is given', async () => {
    await transport().sendMail({
      from: 'a@hojin.example',
      to: 'early@example.jp',
      subject: '先に届いた',
      text: 'x',
    });
    const { message } = await getJson(OneSchema, '/api/messages/wait?to=early@example.jp&timeoutMs=15000');
    expect(message.subject).toBe('先に届いた');
  });

  it('with after=<id> skips that mail and earlier ones and waits for the next', async () => {
    const t = transport();
    await t.sendMail({
      from: 'a@hojin.example',
      to: 'seq@example.jp',
      subject: '古いコード',
      text: '111111',
    });
    const first = await getJson(OneSchema, '/api/messages/wait?to=seq@example.jp');
    const waiting = fetch(`${catcher.httpUrl}/api/messages/wait?to=seq@example.jp&timeoutMs=15000&after=${first.message.id}`);
    await t.sendMail({
      from: 'a@hojin.example',
      to: 'seq@example.jp',
      subject: '新しいコード',
      text: '222222',
    });
    const { message } = OneSchema.parse(await (await waiting).json());
    expect(message.subject).toBe('新しいコード');
  });

  it('with after=<ISO time> ignores mails received before that time', async () => {
    await transport().sendMail({
      from: 'a@hojin.example',
      to: 'iso@example.jp',
      subject: '前',
      text: 'x',
    });
    const { message: before } = await getJson(OneSchema, '/api/messages/wait?to=iso@example.jp');
    const cursor = new Date(Date.parse(before.receivedAt) + 1).toISOString();
    const res = await fetch(`${catcher.httpUrl}/api/messages/wait?to=iso@example.jp&timeoutMs=0&after=${cursor}`);
    expect(res.status).toBe(408);
    const inclusive = await getJson(OneSchema, `/api/messages/wait?to=iso@example.jp&after=${before.receivedAt}`);
    expect(inclusive.message.id).toBe(before.id);
  });

  it('answers 408 with a Japanese message when nothing arrives in time', async () => {
    const res = await fetch(`${catcher.httpUrl}/api/messages/wait?to=nobody@example.jp&timeoutMs=50`);
    expect(res.status).toBe(408);
    const body = z
      .object({
        error: z.object({ code: z.literal('timeout'), message: z.string() }),
      })
      .parse(await res.json());
    expect(body.error.message).toContain('nobody@example.jp');
  });

  it('requires the to parameter and a known cursor id', async () => {
    expect((await fetch(`${catcher.httpUrl}/api/messages/wait?timeoutMs=10`)).status).toBe(400);
    expect((await fetch(`${catcher.httpUrl}/api/messages/wait?to=x@example.jp&after=unknown-id`)).status).toBe(400);
  });

  it('ends pending waits when the catcher closes', async () => {
    const waiting = fetch(`${catcher.httpUrl}/api/messages/wait?to=late@example.jp&timeoutMs=60000`).then(
      (res) => res.status,
      () => 'connection closed',
    );
    // Let the request reach the server before closing it.
    await fetch(`${catcher.httpUrl}/healthz`);
    await catcher.close();
    expect(await waiting).toBe('connection closed');
  });
});

describe('web page', () => {
  it('lists mails in Japanese with date, recipient and subject, newest first', async () => {
    const t = transport();
    await t.sendMail({
      from: 'a@hojin.example',
      to: 'page@example.jp',
      subject: '最初のメール',
      text: 'x',
    });
    await t.sendMail({
      from: 'a@hojin.example',
      to: 'page@example.jp',
      subject: '<次>のメール',
      text: 'y',
    });
    const res = await fetch(`${catcher.httpUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('開発用メール受信箱');
    expect(html).toContain('page@example.jp');
    expect(html).toContain('&lt;次&gt;のメール');
    expect(html).not.toContain('<次>');
    expect(html.indexOf('&lt;次&gt;のメール')).toBeLessThan(html.indexOf('最初のメール'));
  });

  it('shows a mail with linked text and its HTML in a sandboxed frame', async () => {
    await transport().sendMail({
      from: 'a@hojin.example',
      to: 'view@example.jp',
      subject: 'パスワード再設定',
      text: '次のURLから設定してください。\nhttps://localhost:3000/password-reset/new-password?token=abc&x=1\n',
      html: '<p>再設定</p><script>alert(1)</script><img src="https://tracker.example/p.gif">',
    });
    const { messages } = await getJson(ListSchema, '/api/messages?to=view@example.jp');
    const id = messages[0]!.id;

    const page = await (await fetch(`${catcher.httpUrl}/messages/${id}`)).text();
    expect(page).toContain('<a href="https://localhost:3000/password-reset/new-password?token=abc&amp;x=1"');
    expect(page).toMatch(/<iframe[^>]+sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    expect(page).not.toContain('<script>');

    const frame = await fetch(`${catcher.httpUrl}/messages/${id}/html`);
    const csp = frame.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox allow-popups allow-popups-to-escape-sandbox;/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('img-src data:');
    expect(await frame.text()).toContain('<base target="_blank">');
  });

  it('says a mail has only text when it has no HTML part', async () => {
    await transport().sendMail({
      from: 'a@hojin.example',
      to: 'text@example.jp',
      subject: 'テキストのみ',
      text: '本文',
    });
    const { messages } = await getJson(ListSchema, '/api/messages?to=text@example.jp');
    const page = await (await fetch(`${catcher.httpUrl}/messages/${messages[0]!.id}`)).text();
    expect(page).toContain('HTML 版がありません');
    expect(page).not.toContain('<iframe');
    expect((await fetch(`${catcher.httpUrl}/messages/${messages[0]!.id}/html`)).status).toBe(404);
  });

  it('refuses a Host header that is not a loopback name (DNS rebinding)', async () => {
    const url = new URL(catcher.httpUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/messages',
          headers: { Host: 'attacker.example' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
    expect((await fetch(`${catcher.httpUrl.replace('127.0.0.1', 'localhost')}/healthz`)).status).toBe(200);
  });

  it('refuses a cross-site form post to empty the inbox', async () => {
    await transport().sendMail({
      from: 'a@hojin.example',
      to: 'keep@example.jp',
      subject: '残る',
      text: 'x',
    });
    const res = await fetch(`${catcher.httpUrl}/clear`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect((await getJson(ListSchema, '/api/messages')).messages).toHaveLength(1);
    const own = await fetch(`${catcher.httpUrl}/clear`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin' },
      redirect: 'manual',
    });
    expect(own.status).toBe(303);
    expect((await getJson(ListSchema, '/api/messages')).messages).toHaveLength(0);
  });
});

describe('storage', () => {
  it('keeps only the newest mails beyond its capacity', async () => {
    await catcher.close();
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, capacity: 2 });
    const t = transport();
    for (const n of [1, 2, 3])
      await t.sendMail({
        from: 'a@hojin.example',
        to: 'cap@example.jp',
        subject: `${n}通目`,
        text: 'x',
      });
    const { messages } = await getJson(ListSchema, '/api/messages');
    expect(messages.map((m) => m.subject)).toEqual(['3通目', '2通目']);
  });

  it('keeps mails in a folder and loads them again after a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'hojin-mail-'));
    try {
      await catcher.close();
      catcher = await startMailCatcher({
        smtpPort: 0,
        httpPort: 0,
        dir,
        capacity: 2,
      });
      const t = transport();
      for (const n of [1, 2, 3])
        await t.sendMail({
          from: 'a@hojin.example',
          to: 'disk@example.jp',
          subject: `保存${n}`,
          text: '本文',
        });
      await catcher.close();
      // The evicted first mail is gone from the folder too.
      expect((await readdir(dir)).filter((n) => n.endsWith('.eml'))).toHaveLength(2);

      catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, dir });
      const { messages } = await getJson(ListSchema, '/api/messages?to=disk@example.jp');
      expect(messages.map((m) => m.subject)).toEqual(['保存3', '保存2']);
      const raw = await fetch(`${catcher.httpUrl}/messages/${messages[0]!.id}/raw`);
      expect(await raw.text()).toMatch(/^Content-Type|^From|^To|^Subject|^Message-ID|^Date|^MIME/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
