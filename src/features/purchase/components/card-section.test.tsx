// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { SWRConfig } from 'swr';

// useApi as on a page after SWR's module has arrived: useSWR in the component, within this test's SWRConfig.
import '@/lib/swr-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CardView } from '@/features/payments';
import { apiFetch } from '@/lib/api-client';

import { VISA_CARD as VISA } from '@tests/support/purchase/fixtures';
import { payjp, resetPayjp } from '@tests/support/purchase/payjp';

/**
 * The card section the recipient step and the resume page share (useCardSection + CardSection):
 * the default registered card chosen when the list arrives, a new card entered in PAY.JP's field
 * (stand-in) with the カード名義 converted, and what goes wrong said in Japanese — under the fields,
 * from PAY.JP's field, from PAY.JP's token call, and while card payment is off.
 */

configure({ asyncUtilTimeout: 15_000 });

const server = vi.hoisted(() => ({
  publicKey: 'pk_test_0000',
  cards: [] as CardView[],
  deleted: [] as string[],
}));
vi.mock('@/lib/api-client', async () => {
  const { fakeApiClient, publicKeyAnswer, registeredCardsAnswer } = await import('@tests/support/purchase/api-client');
  return fakeApiClient(
    publicKeyAnswer(() => server.publicKey),
    (path, options) => {
      if (path !== '/api/credit-cards/card' || options.method !== 'DELETE') return undefined;
      const { cardId } = (options.body ?? {}) as { cardId?: string };
      server.deleted.push(cardId ?? '');
      server.cards = server.cards.filter((c) => c.id !== cardId);
      return { deleted: true };
    },
    registeredCardsAnswer(() => server.cards),
  );
});
vi.mock('@/features/payments/client/payjp-js', () => import('@tests/support/purchase/payjp'));

const { CardSection, useCardSection } = await import('./card-section');
const { loadCardHolderChecks } = await import('@/features/payments');
type Choice = Awaited<ReturnType<ReturnType<typeof useCardSection>['choose']>>;

const MASTER: CardView = { ...VISA, id: 'car_master', brand: 'MasterCard', last4: '4444', isDefault: true };

/** A page around the section, as the two steps use it: check, then take the chosen card. */
function Harness({ canDelete, extra, onChosen }: { canDelete?: boolean; extra?: boolean; onChosen: (c: Choice) => void }) {
  const card = useCardSection({ payjpJsUrl: 'https://js.example/v2/pay.js' });
  const [failure, setFailure] = useState('');
  async function submit() {
    if (Object.keys(card.validate(await loadCardHolderChecks())).length > 0) return;
    try {
      onChosen(await card.choose());
    } catch (error) {
      setFailure((error as Error).message);
    }
  }
  return (
    <>
      <CardSection
        card={card}
        unavailable="ただいまカードでのお支払いをご利用いただけません。"
        onRemove={
          canDelete
            ? (c) => void apiFetch('/api/credit-cards/card', { method: 'DELETE', body: { cardId: c.id } }).then(() => card.forget(c.id))
            : undefined
        }
        newCardExtra={extra ? <p data-testid="extra">このカードを登録して次回から使う</p> : undefined}
      />
      {failure ? <p data-testid="failure">{failure}</p> : null}
      <button type="button" onClick={() => void submit()}>
        進む
      </button>
    </>
  );
}

function renderSection(props: { canDelete?: boolean; extra?: boolean } = {}) {
  const chosen = vi.fn<(c: Choice) => void>();
  render(
    <SWRConfig value={{ fetcher: (path: string) => apiFetch(path), provider: () => new Map(), dedupingInterval: 0 }}>
      <Harness {...props} onChosen={chosen} />
    </SWRConfig>,
  );
  return chosen;
}

function input(id: string): HTMLInputElement {
  const el = document.getElementById(id);
  if (!(el instanceof HTMLInputElement)) throw new Error(`no input #${id}`);
  return el;
}

function radio(name: RegExp | string): HTMLInputElement {
  return screen.getByRole('radio', { name }) as HTMLInputElement;
}

beforeEach(() => {
  window.localStorage.clear();
  server.publicKey = 'pk_test_0000';
  server.cards = [];
  server.deleted = [];
  resetPayjp();
});

afterEach(() => cleanup());

describe('registered cards', () => {
  it('chooses the default card once the list arrives, and pays with it without the card field', async () => {
    server.cards = [VISA, MASTER];
    const chosen = renderSection();
    await waitFor(() => expect(radio(/MasterCard\s+\*\*\*\* 4444/).checked).toBe(true));
    expect(screen.getByRole('group', { name: '登録済みのカード' })).toBeTruthy();
    expect(radio(/Visa\s+\*\*\*\* 4242/).checked).toBe(false);
    // The card as it is printed: expiry and holder's name.
    expect(radio(/Visa\s+\*\*\*\* 4242\s*有効期限 03\/2030\s+TARO YAMADA/)).toBeTruthy();
    expect(screen.queryByTestId('card-element')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '進む' }));
    await waitFor(() => expect(chosen).toHaveBeenCalledWith({ kind: 'registered', card: MASTER }));
    expect(payjp.createToken).not.toHaveBeenCalled();
  });

  it('offers 削除 only where the page handles it, and forgets the deleted card', async () => {
    server.cards = [VISA];
    renderSection();
    await waitFor(() => expect(radio(/Visa/).checked).toBe(true));
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
    cleanup();

    renderSection({ canDelete: true });
    await waitFor(() => expect(radio(/Visa/).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    // The last card gone: no list, the card field instead.
    await screen.findByTestId('card-element');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(server.deleted).toEqual(['car_visa']);
  });
});

describe('PAY.JP’s field', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads pay.js only once the field comes near the viewport (decision 0038)', async () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void, options: { rootMargin?: string }) {
          report = callback;
          expect(options.rootMargin).toBe('50% 0px');
        }
        observe(target: Element) {
          observed.push(target);
        }
        disconnect() {}
      },
    );
    renderSection();
    const field = await screen.findByTestId('card-element');
    await waitFor(() => expect(observed).toContain(field));
    // Far below the viewport: nothing of PAY.JP's yet.
    act(() => report!([{ isIntersecting: false }]));
    await new Promise((r) => setTimeout(r, 50));
    expect(payjp.loads).toBe(0);
    // Scrolled near: loaded and mounted, once.
    act(() => report!([{ isIntersecting: true }]));
    await waitFor(() => expect(payjp.loads).toBe(1));
  });

  it('loads pay.js on the buyer’s first move on the page (here a key), wherever the field is', async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderSection();
    await screen.findByTestId('card-element');
    await new Promise((r) => setTimeout(r, 50));
    expect(payjp.loads).toBe(0);
    fireEvent.keyDown(window, { key: 'Tab' });
    await waitFor(() => expect(payjp.loads).toBe(1));
  });

  it('loads at once where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderSection();
    await screen.findByTestId('card-element');
    await waitFor(() => expect(payjp.loads).toBe(1));
  });
});

describe('a new card', () => {
  it('is the choice without registered cards; the name is converted and sent with the e-mail to PAY.JP', async () => {
    window.localStorage.setItem('user_email', 'member@example.jp');
    payjp.createToken.mockResolvedValue({
      id: 'tok_new',
      card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030, name: null },
    });
    const chosen = renderSection();
    await screen.findByTestId('card-element');
    expect(screen.queryByRole('radio')).toBeNull();
    // The account's address is offered for 3-D Secure.
    await waitFor(() => expect(input('cardEmail').value).toBe('member@example.jp'));
    fireEvent.change(input('cardName'), { target: { value: 'ｔａｒｏ　ｙａｍａｄａ' } });
    expect(input('cardName').value).toBe('TARO YAMADA');
    fireEvent.click(screen.getByRole('button', { name: '進む' }));
    await waitFor(() => expect(chosen).toHaveBeenCalled());
    expect(payjp.createToken).toHaveBeenCalledWith(expect.anything(), { card: { name: 'TARO YAMADA', email: 'member@example.jp' } });
    expect(chosen.mock.calls[0]![0]).toMatchObject({ kind: 'new', holderName: 'TARO YAMADA', token: { id: 'tok_new' } });
  });

  it('shows the page’s own part under the new card’s fields only, and only while a new card is chosen', async () => {
    server.cards = [VISA];
    renderSection({ extra: true });
    await waitFor(() => expect(radio(/Visa/).checked).toBe(true));
    expect(screen.queryByTestId('extra')).toBeNull();
    fireEvent.click(radio('新しいカードを使う'));
    expect((await screen.findByTestId('extra')).textContent).toBe('このカードを登録して次回から使う');
    cleanup();
    renderSection();
    await screen.findByTestId('card-element');
    expect(screen.queryByTestId('extra')).toBeNull();
  });
});

describe('errors, in Japanese', () => {
  it('says under the fields what the カード名義 and the e-mail address need, and asks PAY.JP for nothing', async () => {
    const chosen = renderSection();
    await screen.findByTestId('card-element');
    fireEvent.change(input('cardName'), { target: { value: 'ヤマダ タロウ' } });
    fireEvent.change(input('cardEmail'), { target: { value: 'taro@' } });
    fireEvent.click(screen.getByRole('button', { name: '進む' }));
    await waitFor(() =>
      expect(document.getElementById('cardName-error')?.textContent).toBe(
        'カード名義は半角英字（45文字以内）で、カードに記載のとおり入力してください。',
      ),
    );
    expect(document.getElementById('cardEmail-error')?.textContent).toBe('本人認証（3-Dセキュア）に使うメールアドレスを入力してください。');
    expect(input('cardName').getAttribute('aria-invalid')).toBe('true');
    expect(chosen).not.toHaveBeenCalled();
    expect(payjp.createToken).not.toHaveBeenCalled();
  });

  it('says an empty name when the button is pressed, not while it is still to be typed', async () => {
    renderSection();
    await screen.findByTestId('card-element');
    fireEvent.blur(input('cardName'));
    expect(document.getElementById('cardName-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '進む' }));
    await waitFor(() =>
      expect(document.getElementById('cardName-error')?.textContent).toBe(
        'カード名義を、カードに記載のとおり入力してください（例：TARO YAMADA）。',
      ),
    );
  });

  it("shows PAY.JP's field error and token error in the buyer's words", async () => {
    payjp.createToken.mockResolvedValue({ error: { code: 'invalid_number', message: 'Your card number is incorrect.' } });
    const chosen = renderSection();
    await screen.findByTestId('card-element');
    await waitFor(() => expect(payjp.change).not.toBeNull());
    act(() => payjp.change!({ error: { code: 'invalid_number', message: 'Your card number is incorrect.' } }));
    await waitFor(() =>
      expect(screen.getByTestId('card-error').textContent).toBe(
        'カード番号が正しくありません。番号をご確認のうえ、もう一度入力してください。',
      ),
    );
    act(() => payjp.change!({}));
    await waitFor(() => expect(screen.queryByTestId('card-error')).toBeNull());

    fireEvent.change(input('cardName'), { target: { value: 'TARO YAMADA' } });
    fireEvent.change(input('cardEmail'), { target: { value: 'taro@example.jp' } });
    fireEvent.click(screen.getByRole('button', { name: '進む' }));
    await waitFor(() =>
      expect(screen.getByTestId('failure').textContent).toBe(
        'カード番号が正しくありません。番号をご確認のうえ、もう一度入力してください。',
      ),
    );
    expect(chosen).not.toHaveBeenCalled();
  });

  it('says when card payment is switched off, and shows no card field', async () => {
    server.publicKey = '';
    renderSection();
    expect((await screen.findByTestId('payment-unavailable')).textContent).toBe('ただいまカードでのお支払いをご利用いただけません。');
    expect(screen.queryByTestId('card-element')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
