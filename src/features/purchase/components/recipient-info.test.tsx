// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';

// useApi as on a page after SWR's module has arrived: useSWR in the component, within this test's SWRConfig.
import '@/lib/swr-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiHost } from '@/lib/api-runtime';
import { INITIAL_STATE, getClientState, resetAll, setPiece } from '@/lib/client-store';

import { DESTINATION } from '@tests/support/purchase/fixtures';
import { payjp, resetPayjp } from '@tests/support/purchase/payjp';

/**
 * The recipient step in a DOM (issue 13): the postal-code lookup clears the errors of what it
 * filled, emoji are refused as the order API refuses them, the postal code and the カード名義 are
 * normalised, and the card entered before going back to this step is still chosen. The server's
 * answers are the API client's; PAY.JP's card field is a stand-in that hands out a token.
 */

// The schema chunk is imported on first use; under a loaded machine that takes more than a second.
configure({ asyncUtilTimeout: 15_000 });

const router = { push: vi.fn(), replace: vi.fn() };
vi.mock('next/navigation', () => ({ useRouter: () => router }));
vi.mock('next/link', () => import('@tests/support/link-test-double'));

const api = vi.hoisted(() => ({
  zipcodeCalls: [] as string[],
  candidates: [{ prefecture: '東京都', city: '千代田区', town: '丸の内', isBusiness: false }] as unknown[],
  /** the member's cards kept at PAY.JP (GET /api/credit-cards/card) */
  cards: [] as unknown[],
}));
vi.mock('@/lib/api-client', async () => {
  const { fakeApiClient, publicKeyAnswer, registeredCardsAnswer } = await import('@tests/support/purchase/api-client');
  return fakeApiClient(
    publicKeyAnswer(() => 'pk_test_0000'),
    registeredCardsAnswer(() => api.cards),
    (path, options) => {
      if (path !== '/api/address/zipcode-to-address') return undefined;
      const zip = options.query?.zipcode ?? '';
      api.zipcodeCalls.push(zip);
      return { zipcode: zip.normalize('NFKC').replace(/\D/g, ''), candidates: api.candidates };
    },
  );
});
vi.mock('@/features/payments/client/payjp-js', () => import('@tests/support/purchase/payjp'));

const { RecipientInfo } = await import('./recipient-info');
const { PrefectureOptions } = await import('./prefecture-options');
const { SavedAddressChoices } = await import('./saved-address-choices');
const { RECIPIENT_NOTES } = await import('./recipient-notes');
const { apiFetch } = await import('@/lib/api-client');

const STREET_EMOJI_MESSAGE =
  '町名・番地に使用できない文字「🏢」が含まれています。絵文字や一部の記号・外国の文字は、お届け伝票や書類に印字できないため、取り除くか別の文字に置き換えてください。';

function field(id: string): HTMLInputElement {
  const el = document.getElementById(id);
  if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement)) throw new Error(`no field #${id}`);
  return el as HTMLInputElement;
}

function errorOf(id: string): string | null {
  return document.getElementById(`${id}-error`)?.textContent ?? null;
}

async function renderStep(savedAddresses: ReactNode = null): Promise<void> {
  render(
    // Under the root layout's ApiHost, as every page is (src/lib/api-runtime.ts).
    <SWRConfig value={{ fetcher: (path: string) => apiFetch(path), provider: () => new Map(), dedupingInterval: 0 }}>
      <ApiHost>
        <RecipientInfo
          payjpJsUrl="https://js.example/v2/pay.js"
          prefectureOptions={<PrefectureOptions />}
          notes={RECIPIENT_NOTES}
          savedAddresses={savedAddresses}
        />
      </ApiHost>
    </SWRConfig>,
  );
  await screen.findByRole('heading', { name: 'お届け先・お支払い方法' });
  // The order button is enabled once the public key has arrived.
  await waitFor(() => expect((screen.getByRole('button', { name: 'ご注文内容の確認へ進む' }) as HTMLButtonElement).disabled).toBe(false));
}

function type(id: string, value: string): void {
  fireEvent.change(field(id), { target: { value } });
}

beforeEach(() => {
  window.sessionStorage.clear();
  resetAll();
  setPiece('purchaseItemData', { ...INITIAL_STATE.purchaseItemData, userInput: [{ itemId: 'history-full', quantity: 1 }] });
  api.zipcodeCalls.length = 0;
  api.cards = [];
  router.push.mockReset();
  router.replace.mockReset();
  resetPayjp();
});

afterEach(() => cleanup());

describe('the postal-code lookup', () => {
  it('clears the stale errors of the fields it fills and leaves the others', async () => {
    await renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'ご注文内容の確認へ進む' }));
    await waitFor(() => expect(errorOf('destinationCity')).toBe('市区町村を入力してください。'));
    expect(errorOf('destinationPrefecture')).toBe('都道府県を選択してください。');
    expect(errorOf('destinationStreet')).toBe('町名・番地を入力してください。');
    expect(errorOf('destinationZipCode')).toBe('郵便番号は7桁の数字で入力してください。');

    type('destinationZipCode', '1000005');
    await waitFor(() => expect(field('destinationCity').value).toBe('千代田区'));
    expect(field('destinationPrefecture').value).toBe('東京都');
    expect(field('destinationStreet').value).toBe('丸の内');
    await waitFor(() => expect(errorOf('destinationCity')).toBeNull());
    expect(errorOf('destinationPrefecture')).toBeNull();
    expect(errorOf('destinationStreet')).toBeNull();
    expect(errorOf('destinationZipCode')).toBeNull();
    // What the lookup did not fill keeps its error, in the field and in the summary at the top.
    expect(errorOf('recipient')).toBe('お届け先の宛名を入力してください。');
    // Each link of the summary names its field and says what to do there (the form kit's ErrorSummary).
    const links = within(screen.getByRole('alert'))
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links.some((text) => text?.includes('市区町村'))).toBe(false);
    expect(links).toContain('お届け先の宛名を入力してください。');
  });

  it('keeps an error the filled value still has (a code for a whole municipality leaves the street empty)', async () => {
    api.candidates = [{ prefecture: '北海道', city: '札幌市中央区', town: '', isBusiness: false }];
    try {
      await renderStep();
      fireEvent.click(screen.getByRole('button', { name: 'ご注文内容の確認へ進む' }));
      await waitFor(() => expect(errorOf('destinationStreet')).toBe('町名・番地を入力してください。'));
      type('destinationZipCode', '0600000');
      await waitFor(() => expect(field('destinationCity').value).toBe('札幌市中央区'));
      await waitFor(() => expect(errorOf('destinationCity')).toBeNull());
      expect(errorOf('destinationStreet')).toBe('町名・番地を入力してください。');
    } finally {
      api.candidates = [{ prefecture: '東京都', city: '千代田区', town: '丸の内', isBusiness: false }];
    }
  });
});

describe('saved addresses (issue 24: the second order started empty)', () => {
  it('fills the destination and the receipt addressee from the pressed one, and keeps them in the tab', async () => {
    const saved = {
      id: '6f1c2a9e-4b7d-4e21-9a53-0c7d2f8e1b44',
      recipient: '株式会社サンプル 総務部 御中',
      destinationZipCode: '5300001',
      destinationPrefecture: '大阪府',
      destinationCity: '大阪市北区',
      destinationStreet: '梅田1-1-1',
      destinationApartmentEtc: '梅田ビル 5階',
      receiptRecipient: '株式会社サンプル',
    };
    await renderStep(<SavedAddressChoices addresses={[saved]} />);
    fireEvent.click(screen.getByRole('button', { name: /株式会社サンプル 総務部 御中/ }));
    await waitFor(() => expect(field('destinationCity').value).toBe('大阪市北区'));
    expect(field('recipient').value).toBe('株式会社サンプル 総務部 御中');
    expect(field('destinationZipCode').value).toBe('530-0001');
    expect(field('destinationPrefecture').value).toBe('大阪府');
    expect(field('destinationStreet').value).toBe('梅田1-1-1');
    expect(field('destinationApartmentEtc').value).toBe('梅田ビル 5階');
    expect(field('receiptRecipient').value).toBe('株式会社サンプル');
    await waitFor(() => expect(getClientState().destination.destinationStreet).toBe('梅田1-1-1'));
  });
});

describe('the postal code', () => {
  it.each([['1000005'], ['100-0005'], ['１００－０００５'], ['〒１００ー０００５']])(
    '%s is looked up once and shown as 100-0005',
    async (typed) => {
      await renderStep();
      type('destinationZipCode', typed);
      await waitFor(() => expect(field('destinationCity').value).toBe('千代田区'));
      expect(api.zipcodeCalls).toEqual([typed]);
      expect(field('destinationZipCode').value).toBe('100-0005');
    },
  );

  it('is written as 100-0005 when the field is left', async () => {
    api.candidates = [];
    await renderStep();
    // Typed without the lookup answering (e.g. pasted into a field already holding the code).
    setPiece('destination', { ...INITIAL_STATE.destination });
    fireEvent.change(field('destinationZipCode'), { target: { value: '１００－０００５' } });
    fireEvent.blur(field('destinationZipCode'));
    await waitFor(() => expect(field('destinationZipCode').value).toBe('100-0005'));
    api.candidates = [{ prefecture: '東京都', city: '千代田区', town: '丸の内', isBusiness: false }];
  });
});

describe('characters the address may hold', () => {
  it('refuses an emoji when the field is left, with the order API’s message', async () => {
    await renderStep();
    type('destinationStreet', '丸の内🏢1-1-1');
    fireEvent.blur(field('destinationStreet'));
    await waitFor(() => expect(errorOf('destinationStreet')).toBe(STREET_EMOJI_MESSAGE));
    expect(field('destinationStreet').getAttribute('aria-invalid')).toBe('true');
    type('destinationStreet', '丸の内1-1-1');
    fireEvent.blur(field('destinationStreet'));
    await waitFor(() => expect(errorOf('destinationStreet')).toBeNull());
  });

  it('does not go on to the confirmation with an emoji in the address', async () => {
    await renderStep();
    setPiece('newCard', INITIAL_STATE.newCard);
    type('recipient', '山田 太郎');
    type('destinationZipCode', '100-0005');
    await waitFor(() => expect(field('destinationCity').value).toBe('千代田区'));
    type('destinationStreet', '丸の内🏢1-1-1');
    type('receiptRecipient', '株式会社テスト');
    fireEvent.click(screen.getByRole('button', { name: 'ご注文内容の確認へ進む' }));
    await waitFor(() => expect(errorOf('destinationStreet')).toBe(STREET_EMOJI_MESSAGE));
    expect(router.push).not.toHaveBeenCalled();
    expect(payjp.createToken).not.toHaveBeenCalled();
  });
});

describe('the カード名義', () => {
  it('converts full-width letters and spaces as they are typed, instead of refusing them', async () => {
    await renderStep();
    const name = await waitFor(() => field('cardName'));
    type('cardName', 'ＴＡＲＯ　ｙａｍａｄａ');
    expect(name.value).toBe('TARO YAMADA');
    type('cardName', 'TARO   YAMADA ');
    expect(name.value).toBe('TARO YAMADA ');
    fireEvent.blur(name);
    await waitFor(() => expect(name.value).toBe('TARO YAMADA'));
    expect(errorOf('cardName')).toBeNull();
  });

  it('says what to do with a name PAY.JP would refuse', async () => {
    await renderStep();
    type('cardName', 'ヤマダ タロウ');
    fireEvent.blur(field('cardName'));
    await waitFor(() => expect(errorOf('cardName')).toBe('カード名義は半角英字（45文字以内）で、カードに記載のとおり入力してください。'));
  });

  it('sends the converted name with the card to PAY.JP', async () => {
    payjp.createToken.mockResolvedValue({
      id: 'tok_abc',
      card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030, name: null },
    });
    await renderStep();
    type('recipient', '山田 太郎');
    type('destinationZipCode', '1000005');
    await waitFor(() => expect(field('destinationCity').value).toBe('千代田区'));
    type('destinationStreet', '丸の内1-1-1');
    type('receiptRecipient', '株式会社テスト');
    type('cardName', 'ｔａｒｏ　ｙａｍａｄａ');
    type('cardEmail', 'taro@example.jp');
    fireEvent.click(screen.getByRole('button', { name: 'ご注文内容の確認へ進む' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/purchase/confirmation'));
    expect(payjp.createToken).toHaveBeenCalledWith(expect.anything(), { card: { name: 'TARO YAMADA', email: 'taro@example.jp' } });
    expect(getClientState().destination.destinationZipCode).toBe('1000005');
  });
});

describe('back from the confirmation', () => {
  const entered = {
    token: 'tok_entered',
    brand: 'Visa',
    last4: '4242',
    expDate: { year: 2030, month: 12 },
    cardName: 'TARO YAMADA',
    isSelected: true,
  };

  it('keeps the card entered before (its unspent token) chosen, and goes on without entering it again', async () => {
    setPiece('destination', DESTINATION);
    setPiece('newCard', entered);
    await renderStep();
    const radio = screen.getByRole('radio', { name: /入力済みのカード\s+Visa\s+\*\*\*\* 4242/ }) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    expect((screen.getByRole('radio', { name: '別のカードを入力する' }) as HTMLInputElement).checked).toBe(false);
    // The postal code as the confirmation and the mail show it.
    expect(field('destinationZipCode').value).toBe('100-0005');
    fireEvent.click(screen.getByRole('button', { name: 'ご注文内容の確認へ進む' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/purchase/confirmation'));
    expect(payjp.createToken).not.toHaveBeenCalled();
    expect(getClientState().newCard).toMatchObject({ token: 'tok_entered', isSelected: true, last4: '4242' });
  });

  // The member's registered cards arrive after the stored choice is applied (their request waits
  // for the public key): the card chosen before going back must stay the one checked, not the
  // list's default card (a version that applied the stored choice late lost it).
  const visa = {
    id: 'car_visa',
    brand: 'Visa',
    last4: '1111',
    expDate: { year: 2031, month: 1 },
    cardName: 'TARO YAMADA',
    isDefault: true,
  };
  const master = {
    id: 'car_master',
    brand: 'MasterCard',
    last4: '4444',
    expDate: { year: 2032, month: 2 },
    cardName: 'TARO YAMADA',
    isDefault: false,
  };

  it('keeps the entered card chosen when the registered cards arrive', async () => {
    api.cards = [visa];
    setPiece('destination', DESTINATION);
    setPiece('newCard', entered);
    await renderStep();
    const registered = await screen.findByRole('radio', { name: /Visa\s+\*\*\*\* 1111/ });
    expect((registered as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: /入力済みのカード\s+Visa\s+\*\*\*\* 4242/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the registered card chosen before (not the default one) when the list arrives', async () => {
    api.cards = [visa, master];
    setPiece('destination', DESTINATION);
    setPiece('registeredCard', { ...master, isSelected: true });
    await renderStep();
    const chosen = (await screen.findByRole('radio', { name: /MasterCard\s+\*\*\*\* 4444/ })) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Visa\s+\*\*\*\* 1111/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'ご注文内容の確認へ進む' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/purchase/confirmation'));
    expect(getClientState().registeredCard).toMatchObject({ id: 'car_master', isSelected: true });
  });

  it('asks for the card again once its token is gone (after a reload or a failed payment)', async () => {
    setPiece('destination', DESTINATION);
    setPiece('newCard', { ...entered, token: '' });
    await renderStep();
    expect(screen.queryByRole('radio', { name: /入力済みのカード/ })).toBeNull();
    expect(screen.getByTestId('card-element')).toBeTruthy();
  });
});

describe('the new card', () => {
  it('may be registered for next time', async () => {
    await renderStep();
    expect(screen.getByRole('checkbox', { name: 'このカードを登録して次回から使う' })).toBeTruthy();
    expect(screen.queryByText(/デモアカウントではカードを登録できません/)).toBeNull();
  });

  it('cannot be registered by a demo account, which is told to use a test card', async () => {
    setPiece('flags', { ...INITIAL_STATE.flags, isDemoUser: true });
    await renderStep();
    await screen.findByText('デモアカウントではカードを登録できません。テスト用カード（例：4242 4242 4242 4242）をお使いください。');
    expect(screen.queryByRole('checkbox', { name: 'このカードを登録して次回から使う' })).toBeNull();
  });
});
