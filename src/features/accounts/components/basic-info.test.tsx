// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';

// useApi as on a page after SWR's module has arrived: useSWR in the component, within this test's SWRConfig.
import '@/lib/swr-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { swrDefaults } from '@/lib/swr-defaults';
import { formatDateJa } from '@/lib/format';
import { STORAGE_KEYS } from '@/lib/storage-keys';

import type { MeResponse } from '../schemas';
import { TEST_CSRF_TOKEN, TEST_ME } from '@tests/support/member';

/**
 * /my-page/basic-info in a DOM (issue 13): the member's data from GET /api/users/me, the password
 * and e-mail changes sent with the CSRF token kept in storage and the XMLHttpRequest marker, and
 * the API's field errors shown under the fields they belong to. The real API client runs; only
 * `fetch` stands in for the server, so what is checked is what the browser would send.
 */

configure({ asyncUtilTimeout: 15_000 });

const router = { push: vi.fn(), replace: vi.fn() };
vi.mock('next/navigation', () => ({ useRouter: () => router }));
vi.mock('next/link', () => import('@tests/support/link-test-double'));

const { BasicInfo } = await import('./basic-info');

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const CSRF = TEST_CSRF_TOKEN;
const REQUEST_ID = '5f0c6a52-3c1e-4d8a-9b7e-2a4f6c8d0e1f';
const ME = TEST_ME;

let me: MeResponse;
let sent: Sent[];
/** The server's answer to a mutating request, by path. */
let answers: Record<string, { status: number; body: unknown }>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.localStorage.setItem(STORAGE_KEYS.csrfToken, CSRF);
  me = { ...ME };
  sent = [];
  answers = {};
  router.replace.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({
        url,
        method,
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      if (method === 'GET' && url === '/api/users/me') return json(200, me);
      const answer = answers[url];
      return answer
        ? json(answer.status, answer.body)
        : json(404, { error: { code: 'not_found', message: 'お探しの情報は見つかりませんでした。' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage(): Promise<void> {
  render(
    // A cache of its own per test, so every test loads the member afresh.
    <SWRConfig value={{ ...swrDefaults(false), provider: () => new Map() }}>
      <BasicInfo serviceName="hojin" />
    </SWRConfig>,
  );
  await screen.findByRole('heading', { name: '基本情報' });
}

function field(id: string): HTMLInputElement {
  const el = document.getElementById(id);
  if (!(el instanceof HTMLInputElement)) throw new Error(`no field #${id}`);
  return el;
}

function type(id: string, value: string): void {
  fireEvent.change(field(id), { target: { value } });
}

function infoOf(term: string): string {
  const dt = screen.getAllByRole('term').find((t) => t.textContent === term);
  return dt?.nextElementSibling?.textContent ?? '';
}

const mutations = () => sent.filter((r) => r.method !== 'GET');

describe('BasicInfo', () => {
  it('shows the loading overlay, then the member’s e-mail, registration date and sign-in methods', async () => {
    render(
      <SWRConfig value={{ ...swrDefaults(false), provider: () => new Map() }}>
        <BasicInfo serviceName="hojin" />
      </SWRConfig>,
    );
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
    await screen.findByRole('heading', { name: '基本情報' });
    expect(infoOf('メールアドレス')).toBe('hanako@example.jp');
    expect(infoOf('会員登録日')).toBe(formatDateJa(new Date(ME.createdAt)));
    expect(infoOf('ログイン方法')).toBe('メールアドレスとパスワード');
    expect(screen.getByRole('heading', { name: 'パスワードの変更' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'メールアドレスの変更' })).toBeTruthy();
    // Reading sends no CSRF token; nothing was changed.
    expect(sent).toEqual([expect.objectContaining({ url: '/api/users/me', method: 'GET' })]);
    expect(sent[0]!.headers['X-CSRF-Token']).toBeUndefined();
  });

  it('a demo member sees the notice and no change forms; a Google member is told how to set a password', async () => {
    me = { ...ME, isDemoUser: true };
    await renderPage();
    expect(screen.getByText(/デモアカウントでログインしています/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'パスワードの変更' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'メールアドレスの変更' })).toBeNull();
    cleanup();

    me = { ...ME, hasPassword: false, isGoogleUser: true, signInMethods: ['google'] };
    await renderPage();
    expect(infoOf('ログイン方法')).toBe('Google アカウント');
    expect(screen.getByRole('heading', { name: 'パスワード' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'パスワードの再設定' }).getAttribute('href')).toBe('/password-reset');
    // Without a password, the e-mail change asks for none.
    expect(document.getElementById('ce-password')).toBeNull();
  });

  it('says so when the member cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: { code: 'internal', message: 'エラーが発生しました。時間をおいてもう一度お試しください。' } })),
    );
    render(
      <SWRConfig value={{ ...swrDefaults(false), provider: () => new Map(), shouldRetryOnError: false }}>
        <BasicInfo serviceName="hojin" />
      </SWRConfig>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('エラーが発生しました。時間をおいてもう一度お試しください。');
  });

  it('changes the password with the stored CSRF token and keeps the new login', async () => {
    answers['/api/users/change-password'] = {
      status: 200,
      body: { ...ME, auth_expire_time: '2099-02-01T00:00:00.000Z', csrf_token: 'csrf-after-change_9876543210' },
    };
    await renderPage();
    type('cp-current', 'old password 1');
    type('cp-new', 'a much longer new passphrase');
    type('cp-confirm', 'a much longer new passphrase');
    fireEvent.click(screen.getByRole('button', { name: 'パスワードを変更する' }));

    expect((await screen.findByText('パスワードを変更しました。')).getAttribute('role')).toBe('status');
    expect(mutations()).toEqual([
      {
        url: '/api/users/change-password',
        method: 'POST',
        headers: expect.objectContaining({
          'X-CSRF-Token': CSRF,
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'application/json; charset=utf-8',
        }) as Record<string, string>,
        body: { currentPassword: 'old password 1', newPassword: 'a much longer new passphrase' },
      },
    ]);
    // The fields are emptied, and the login the server renewed is what the browser now keeps.
    expect(field('cp-current').value).toBe('');
    expect(field('cp-new').value).toBe('');
    expect(window.localStorage.getItem(STORAGE_KEYS.csrfToken)).toBe('csrf-after-change_9876543210');
    expect(window.localStorage.getItem(STORAGE_KEYS.authExpireTime)).toBe('2099-02-01T00:00:00.000Z');
  });

  it('checks the form before sending: mismatched confirmation and a short password never reach the server', async () => {
    await renderPage();
    type('cp-current', 'old password 1');
    type('cp-new', 'short');
    type('cp-confirm', 'different');
    fireEvent.click(screen.getByRole('button', { name: 'パスワードを変更する' }));

    expect(await screen.findByText('パスワードは8文字以上で入力してください。', { selector: '#cp-new-error' })).toBeTruthy();
    expect(document.getElementById('cp-confirm-error')?.textContent).toBe(
      'パスワードが一致しません。同じパスワードをもう一度入力してください。',
    );
    expect(mutations()).toEqual([]);
  });

  it('shows the API’s field error under the field, and the message in the summary', async () => {
    answers['/api/users/change-password'] = {
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: '現在のパスワードが正しくありません。',
          fields: { currentPassword: '現在のパスワードが正しくありません。もう一度入力してください。', unknownField: '無関係' },
        },
      },
    };
    await renderPage();
    type('cp-current', 'wrong password');
    type('cp-new', 'a much longer new passphrase');
    type('cp-confirm', 'a much longer new passphrase');
    fireEvent.click(screen.getByRole('button', { name: 'パスワードを変更する' }));

    await waitFor(() =>
      expect(document.getElementById('cp-current-error')?.textContent).toBe(
        '現在のパスワードが正しくありません。もう一度入力してください。',
      ),
    );
    expect(field('cp-current').getAttribute('aria-invalid')).toBe('true');
    const summary = screen.getByText('現在のパスワードが正しくありません。', { exact: true }).closest('div') as HTMLElement;
    expect(
      within(summary).getByRole('link', { name: '現在のパスワードが正しくありません。もう一度入力してください。' }).getAttribute('href'),
    ).toBe('#cp-current');
    // A field the form does not have is not shown; nothing was saved; the button works again.
    expect(screen.queryByText('無関係')).toBeNull();
    expect(screen.queryByText('パスワードを変更しました。')).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.csrfToken)).toBe(CSRF);
    expect((screen.getByRole('button', { name: 'パスワードを変更する' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('changes the e-mail address: the code sent to the new address, then the page shows the new one', async () => {
    answers['/api/users/change-email'] = {
      status: 200,
      body: { requestId: REQUEST_ID, email: 'new@example.jp', resendAfterSeconds: 60, expiresInSeconds: 600 },
    };
    answers['/api/users/change-email/verify'] = { status: 200, body: { user_email: 'new@example.jp' } };
    await renderPage();

    type('ce-email', 'new@example.jp');
    type('ce-password', 'old password 1');
    fireEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
    await screen.findByText('new@example.jp', { selector: 'strong' });

    type('ce-code', '０１２３４５');
    me = { ...ME, user_email: 'new@example.jp' };
    fireEvent.click(screen.getByRole('button', { name: '変更を確定する' }));
    expect(await screen.findByText('メールアドレスを new@example.jp に変更しました。')).toBeTruthy();
    await waitFor(() => expect(infoOf('メールアドレス')).toBe('new@example.jp'));

    const [start, verify] = mutations();
    expect(start).toMatchObject({
      url: '/api/users/change-email',
      method: 'POST',
      headers: { 'X-CSRF-Token': CSRF, 'X-Requested-With': 'XMLHttpRequest' },
      body: { newEmail: 'new@example.jp', currentPassword: 'old password 1' },
    });
    // The code is sent as the schema normalises it (full-width digits accepted).
    expect(verify).toMatchObject({
      url: '/api/users/change-email/verify',
      headers: { 'X-CSRF-Token': CSRF },
      body: { requestId: REQUEST_ID, code: '012345' },
    });
  });

  it('checks the e-mail change with the API’s own schema: nothing is sent while the address or the password is wrong', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
    await waitFor(() => expect(document.getElementById('ce-email-error')?.textContent).toBe('メールアドレスを入力してください。'));
    // A member with a password re-authenticates: the request schema refuses it empty.
    expect(document.getElementById('ce-password-error')?.textContent).toBe('パスワードを入力してください。');
    expect(field('ce-email').getAttribute('aria-invalid')).toBe('true');
    expect(field('ce-email').getAttribute('aria-describedby')).toBe('ce-email-support ce-email-error');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('alert'));

    type('ce-email', 'hanako@example');
    type('ce-password', 'old password 1');
    fireEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
    await waitFor(() => expect(document.getElementById('ce-email-error')?.textContent).toMatch(/メールアドレスの形式が正しくありません/));
    expect(document.getElementById('ce-password-error')).toBeNull();
    expect(mutations()).toEqual([]);
  });

  it('logs out: the browser forgets the login and keeps the logged-out CSRF token', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authExpireTime, ME.auth_expire_time);
    window.localStorage.setItem(STORAGE_KEYS.userEmail, 'hanako@example.jp');
    answers['/api/users/logout'] = { status: 200, body: { csrf_token: 'csrf-logged-out_0123456789' } };
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'ログアウトする' }));

    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login?loggedOut=true'));
    expect(mutations()[0]).toMatchObject({ url: '/api/users/logout', headers: { 'X-CSRF-Token': CSRF } });
    expect(window.localStorage.getItem(STORAGE_KEYS.authExpireTime)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.userEmail)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.csrfToken)).toBe('csrf-logged-out_0123456789');
  });
});
